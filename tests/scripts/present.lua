-- SPDX-License-Identifier: MIT
-- Swap chains and present: what the display shows after a present is the
-- frame drawn, in the Blt and the flip model; the frame is compared to a
-- picture built here from the same rectangles, and to a reference PNG
-- (ref/make-refs.py writes it from the same description).

-- The frame: cleared, a 64x32 tile (uploaded) copied at two places, a
-- block updated. Returns the expected picture of a w x h display.
local function draw(dev, sc, base, tile_colour)
  local back = sc.back
  local w, h = back.width, back.height
  dev:clear(dev:rtv(back), {base[1] / 255, base[2] / 255, base[3] / 255, 1})
  local bgra = string.pack("BBBB", tile_colour[3], tile_colour[2], tile_colour[1], 255)
  local tile = dev:texture2d{width = 64, height = 32, format = "B8G8R8A8_UNORM",
                             data = string.rep(bgra, 64 * 32)}
  dev:copy_region(back, tile, {x = 40, y = 40})
  dev:copy_region(back, tile, {x = 120, y = 80})
  dev:update(back, string.rep("\255\255\255\255", 32 * 16), {box = {200, 200, 232, 216}})
  local want = image.new(w, h, {base[1], base[2], base[3], 255})
  want:fill(40, 40, 64, 32, tile_colour)
  want:fill(120, 80, 64, 32, tile_colour)
  want:fill(200, 200, 32, 16, {255, 255, 255, 255})
  return want
end

test("Blt model: the display shows the frame", function()
  local dev = d3d.device{}
  local sc = dev:swapchain{}
  local want = draw(dev, sc, {0, 102, 102}, {255, 128, 0})
  sc:present()
  local shown = dev:capture()
  expect.image(shown, want, {name = "blt-frame"})
  expect.image(sc:front(), want, {name = "front-buffer"})
end)

test("flip model, twice: the second frame replaces the first", function()
  local dev = d3d.device{}
  local sc = dev:swapchain{flip = true}
  draw(dev, sc, {102, 0, 102}, {0, 200, 0})
  sc:present()
  local want = draw(dev, sc, {20, 20, 20}, {200, 0, 200})
  sc:present()
  expect.image(dev:capture(), want, {name = "flip-frame"})
end)

test("a frame against the reference PNG ref/present.png", function()
  if sable.transport:find("^d3d11") then
    skip("the Windows build reads only the PNGs it writes (stored blocks: png-own.c)")
  end
  local dev = d3d.device{}
  local sc = dev:swapchain{}
  local shown = sc.back
  expect.that(shown.width == 1024 and shown.height == 768,
              "the display mode is 1024x768 (ref/present.png's size)")
  draw(dev, sc, {0, 102, 102}, {255, 128, 0})
  sc:present()
  expect.image(dev:capture(), "ref/present.png", {name = "present"})
end)
