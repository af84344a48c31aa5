-- SPDX-License-Identifier: MIT
-- Map rules: staging read and write, dynamic WRITE_DISCARD and
-- WRITE_NO_OVERWRITE, DO_NOT_WAIT on a busy staging buffer.
local util = require "lib.util"

test("staging: write through a map, read through a map", function()
  local dev = d3d.device{}
  local data = util.pattern(4096, 5)
  local up = dev:buffer{size = 4096, usage = "staging", cpu = "write"}
  local m = dev:map(up, {type = "write"})
  m:write(0, data)
  m:unmap()
  local gpu = dev:buffer{size = 4096}
  dev:copy(gpu, up)
  local down = dev:buffer{size = 4096, usage = "staging", cpu = "read"}
  dev:copy(down, gpu)
  m = dev:map(down, {type = "read"})
  expect.bytes(m:read(), data, "read map")
  expect.error("no longer valid", function() m:unmap() dev:unmap(down) m:read(0, 1) end)
end)

test("staging texture: row pitch covers a row, rows land at the pitch", function()
  local dev = d3d.device{}
  local w, h = 13, 7
  local data = util.pattern(w * h * 4, 9)
  local src = dev:texture2d{width = w, height = h, format = "R8G8B8A8_UNORM", data = data}
  local st = dev:texture2d{width = w, height = h, format = "R8G8B8A8_UNORM",
                           usage = "staging", cpu = "read"}
  dev:copy(st, src)
  local m = dev:map(st, {type = "read"})
  expect.that(m.row_pitch >= w * 4, "row pitch " .. m.row_pitch .. " >= " .. w * 4)
  for y = 0, h - 1 do
    expect.bytes(m:read(y * m.row_pitch, w * 4), data:sub(y * w * 4 + 1, (y + 1) * w * 4),
                 "row " .. y)
  end
  m:unmap()
end)

test("dynamic: WRITE_DISCARD gives fresh memory while the GPU reads the old", function()
  local dev = d3d.device{}
  local dyn = dev:buffer{size = 1024, usage = "dynamic", bind = "vertex_buffer", cpu = "write"}
  local dst = dev:buffer{size = 4096}
  local expected = {}
  for i = 0, 3 do
    local m = dev:map(dyn, {type = "write_discard"})
    local d = util.pattern(1024, 20 + i)
    m:write(0, d)
    m:unmap()
    dev:copy_region(dst, dyn, {x = i * 1024})
    expected[#expected + 1] = d
  end
  expect.bytes(dev:read(dst), table.concat(expected), "four rounds")
  local m = dev:map(dyn, {type = "write_no_overwrite"})
  m:write(1000, "tail")
  m:unmap()
end)

test("DO_NOT_WAIT on a staging buffer the GPU still writes: WASSTILLDRAWING", function()
  reference_gap("no fault injection (sable.inject) on Direct3D 11 to keep the GPU busy")
  local dev = d3d.device{}
  local data = util.pattern(8192, 11)
  local src = dev:buffer{size = 8192, data = data}
  local st = dev:buffer{size = 8192, usage = "staging", cpu = "read"}
  dev:flush()
  dev:wait_idle()
  sable.inject("slow,engine=0,delay-ns=30000000")
  dev:copy(st, src)
  expect.error("WASSTILLDRAWING", function()
    dev:map(st, {type = "read", do_not_wait = true})
  end)
  local m = dev:map(st, {type = "read"}) -- waits
  expect.bytes(m:read(), data, "after the wait")
  m:unmap()
  expect.eq(sable.tdr_count(), 0, "TDRs")
end)
