-- SPDX-License-Identifier: MIT
-- Faults that must not remove the device: a dropped completion interrupt
-- (dxgkrnl's fence query finds the work done) and a slow completion
-- shorter than TdrDelay (2 s of device time).
local util = require "lib.util"

local function copy_and_check(dev, seed)
  local data = util.pattern(32768, seed)
  local a = dev:buffer{size = #data, data = data}
  local b = dev:buffer{size = #data}
  dev:copy(b, a)
  expect.bytes(dev:read(b), data, "copy")
end

test("dropped interrupt: the work completes, no TDR", function()
  local dev = d3d.device{}
  dev:flush()
  dev:wait_idle()
  local before = sable.status()
  sable.inject("drop-irq,engine=0")
  copy_and_check(dev, 3)
  local after = sable.status()
  expect.eq(after.tdrs, before.tdrs, "TDRs")
  expect.that(after.fence_queries > before.fence_queries, "dxgkrnl queried the fence")
  expect.eq(after.completions_outside_isr - before.completions_outside_isr, 1,
            "completions reported outside the ISR")
end)

test("slow completion under TdrDelay: the work completes, no TDR", function()
  local dev = d3d.device{}
  local before = sable.status()
  sable.inject("slow,engine=0,delay-ns=1500000000")
  copy_and_check(dev, 5)
  expect.eq(sable.status().tdrs, before.tdrs, "TDRs")
end)

test("slow completion beyond TdrDelay: a TDR, then a new device", function()
  local dev = d3d.device{}
  local data = util.pattern(4096, 9)
  local a = dev:buffer{size = #data, data = data}
  local b = dev:buffer{size = #data}
  dev:flush()
  dev:wait_idle() -- the uploads' paging work is done: only the copy is slow
  local before = sable.status()
  sable.inject("slow,engine=0,delay-ns=5000000000")
  dev:copy(b, a)
  expect.error("DEVICEREMOVED", function() dev:read(b) end)
  expect.eq(sable.status().tdrs - before.tdrs, 1, "TDRs")
  dev:release()
  copy_and_check(d3d.device{}, 11)
end)
