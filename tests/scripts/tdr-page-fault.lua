-- SPDX-License-Identifier: MIT
-- A page fault on the graphics engine: the fault is latched, the TDR
-- removes the device, the dump records a PAGE fault; a new device
-- renders again.
local tdr = require "lib.tdr"

test("page fault: device removed, dump records the fault", function()
  local text = tdr.removed_by("page-fault,engine=0")
  print(text)
  expect.that(text:find("PAGE"), "the dump names a PAGE fault")
end)

test("a new device after the fault", tdr.new_device_works)
