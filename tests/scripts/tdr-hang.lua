-- SPDX-License-Identifier: MIT
-- A hang on the graphics engine: the TDR resets the engine, the device
-- is removed (DEVICEREMOVED from Map and Flush), the dump names the hung
-- engine; a new device renders again.
local tdr = require "lib.tdr"

test("hang: device removed, engine reset, dump saved", function()
  local text = tdr.removed_by("hang,engine=0")
  print(text) -- in the script's log
  expect.that(text:find("HUNG") or text:find("hung"), "the dump shows the engine hung")
end)

test("a new device after the hang", tdr.new_device_works)
