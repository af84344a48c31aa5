-- SPDX-License-Identifier: MIT
-- The TDR story scripts share: work on the graphics engine after a fault
-- is injected, the device removed, the dump, a new device that renders.
local util = require "lib.util"
local tdr = {}

-- Injects `spec`, submits a copy and reads it back: Map says
-- DEVICEREMOVED; so does every call after. Returns the dump's text.
function tdr.removed_by(spec)
  local dev = d3d.device{}
  local data = util.pattern(65536, 1)
  local a = dev:buffer{size = #data, data = data}
  local b = dev:buffer{size = #data}
  dev:flush()
  dev:wait_idle()
  local before = sable.status()
  sable.inject(spec)
  dev:copy(b, a)
  expect.error("D3DDDIERR_DEVICEREMOVED", function() dev:read(b) end)
  expect.error("D3DDDIERR_DEVICEREMOVED", function() dev:flush() end)
  local after = sable.status()
  expect.eq(after.tdrs - before.tdrs, 1, "TDRs")
  expect.eq(after.engine_resets - before.engine_resets, 1, "engine resets")
  expect.eq(after.adapter_resets, before.adapter_resets, "adapter resets")
  expect.eq(after.dumps - before.dumps, 1, "dumps saved")
  dev:release()
  local dumps = sable.dumps()
  return sable.decode_dump(dumps[#dumps])
end

-- A new device after a removal uploads, copies and reads back exactly.
function tdr.new_device_works()
  local dev = d3d.device{}
  local data = util.pattern(65536, 7)
  local a = dev:buffer{size = #data, data = data}
  local b = dev:buffer{size = #data}
  dev:copy(b, a)
  expect.bytes(dev:read(b), data, "copy on the new device")
  dev:release()
end

return tdr
