-- SPDX-License-Identifier: MIT
-- Checks Chromium's screenshot of a report.html made from clears.lua
-- (check-report.sh passes its path in SABLE_SCREENSHOT): the page is not
-- blank, and the 64x32 teal picture of "clear as an image" is drawn
-- pixel for pixel (the report shows small pictures at their size).
local path = assert(os.getenv("SABLE_SCREENSHOT"), "SABLE_SCREENSHOT not set")
local shot = image.load(path)
capture("screenshot", shot)

test("the page is not blank", function()
  local colours, n = {}, 0
  for y = 0, shot.height - 1, 4 do
    for x = 0, shot.width - 1, 4 do
      local r, g, b = shot:get(x, y)
      local k = r << 16 | g << 8 | b
      if not colours[k] then colours[k], n = true, n + 1 end
    end
  end
  expect.that(n >= 20, "at least 20 colours on the page (" .. n .. ")")
end)

test("the teal clear picture is drawn at its size", function()
  local teal = 0
  for y = 0, shot.height - 1 do
    for x = 0, shot.width - 1 do
      local r, g, b = shot:get(x, y)
      if r == 0 and g == 102 and b == 102 then teal = teal + 1 end
    end
  end
  expect.that(teal >= 64 * 32, "at least 64x32 teal pixels (" .. teal .. ")")
end)
