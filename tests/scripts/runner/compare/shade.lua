-- SPDX-License-Identifier: MIT
-- Runner fixture for --compare: the red channel comes from SR_SHADE, so
-- two runs with different shades differ by a known amount. The capture is
-- compared exactly, the expect.image picture within its tolerance of 4.
local shade = tonumber(os.getenv("SR_SHADE") or "0")
test("shaded", function()
  local img = image.new(8, 4, {shade, 50, 60})
  capture("exact", img)
  expect.image(img, image.new(8, 4, {shade, 50, 60}), {tolerance = 4, name = "tolerant"})
end)
