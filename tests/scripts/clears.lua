-- SPDX-License-Identifier: MIT
-- ClearRenderTargetView on every format the device clears, a buffer
-- view and a mip; ClearDepthStencilView. Expected texels are the colour
-- converted as D3D defines UNORM (round to nearest), packed by format.
local util = require "lib.util"
local u8 = util.unorm8

local function unorm(f, bits)
  return math.floor(f * ((1 << bits) - 1) + 0.5)
end

local C = {0.2, 0.4, 0.6, 0.8}

-- format -> texel bytes of C
local texels = {
  R8G8B8A8_UNORM = string.pack("BBBB", u8(C[1]), u8(C[2]), u8(C[3]), u8(C[4])),
  B8G8R8A8_UNORM = string.pack("BBBB", u8(C[3]), u8(C[2]), u8(C[1]), u8(C[4])),
  B8G8R8X8_UNORM = string.pack("BBB", u8(C[3]), u8(C[2]), u8(C[1])), -- X: undefined
  B5G6R5_UNORM = string.pack("<I2", unorm(C[1], 5) << 11 | unorm(C[2], 6) << 5 |
                                    unorm(C[3], 5)),
  A8_UNORM = string.pack("B", u8(C[4])),
}

for _, name in ipairs({"R8G8B8A8_UNORM", "B8G8R8A8_UNORM", "B8G8R8X8_UNORM", "B5G6R5_UNORM",
                       "A8_UNORM"}) do
  test("clear " .. name, function()
    if name == "A8_UNORM" then reference_gap("Wine 8.0 clears A8_UNORM with red, not alpha") end
    local dev = d3d.device{}
    local tex = dev:texture2d{width = 24, height = 10, format = name, bind = "render_target"}
    dev:clear(dev:rtv(tex), C)
    local bytes, t = dev:read(tex), texels[name]
    local size = tex.size
    for i = 0, 24 * 10 - 1 do
      local got = bytes:sub(i * size + 1, i * size + #t)
      if got ~= t then
        expect.bytes(got, t, name .. " texel " .. i)
      end
    end
  end)
end

test("clear as an image, captured for the report", function()
  local dev = d3d.device{}
  local tex = dev:texture2d{width = 64, height = 32, format = "B8G8R8A8_UNORM",
                            bind = "render_target"}
  dev:clear(dev:rtv(tex), {0, 0.4, 0.4, 1})
  local img = dev:image(tex)
  expect.region(img, 0, 0, 64, 32, {0, 102, 102, 255})
  expect.image(img, image.new(64, 32, {0, 102, 102, 255}), {name = "teal"})
end)

test("clear one mip of three", function()
  local dev = d3d.device{}
  local tex = dev:texture2d{width = 16, height = 16, mips = 3, format = "R8G8B8A8_UNORM",
                            bind = "render_target",
                            data = string.rep("\1\2\3\4", 16 * 16 + 8 * 8 + 4 * 4)}
  dev:clear(dev:rtv(tex, {mip = 1}), {1, 0, 0, 1})
  expect.bytes(dev:read(tex, 0), string.rep("\1\2\3\4", 256), "mip 0 untouched")
  expect.bytes(dev:read(tex, 1), string.rep("\255\0\0\255", 64), "mip 1 cleared")
  expect.bytes(dev:read(tex, 2), string.rep("\1\2\3\4", 16), "mip 2 untouched")
end)

test("clear a buffer view of R32_FLOAT elements 4..11", function()
  reference_gap("Wine 8.0 leaves a buffer render-target view uncleared")
  local dev = d3d.device{}
  local buf = dev:buffer{size = 64, bind = "render_target", data = string.rep("\0", 64)}
  dev:clear(dev:rtv(buf, {format = "R32_FLOAT", first = 4, count = 8}), {2.5, 0, 0, 0})
  expect.bytes(dev:read(buf), string.rep("\0", 16) .. string.rep(string.pack("<f", 2.5), 8) ..
                              string.rep("\0", 16))
end)

test("ClearDepthStencilView: D32_FLOAT", function()
  local dev = d3d.device{}
  local d32 = dev:texture2d{width = 8, height = 8, format = "D32_FLOAT", bind = "depth_stencil"}
  dev:clear_depth(dev:dsv(d32), {depth = 0.25})
  expect.bytes(dev:read(d32), string.rep(string.pack("<f", 0.25), 64), "D32_FLOAT")
end)

test("ClearDepthStencilView: D24_UNORM_S8_UINT", function()
  reference_gap("Wine 8.0 reads D24_UNORM_S8_UINT back with the stencil in byte 0, not 3")
  local dev = d3d.device{}
  local d24 = dev:texture2d{width = 8, height = 8, format = "D24_UNORM_S8_UINT",
                            bind = "depth_stencil"}
  dev:clear_depth(dev:dsv(d24), {depth = 1.0, stencil = 0x5a})
  expect.bytes(dev:read(d24), string.rep(string.pack("<I4", 0x5a << 24 | 0xffffff), 64),
               "D24S8")
end)
