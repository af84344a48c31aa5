-- SPDX-License-Identifier: MIT
-- Resources and formats: every format the UMD supports round-trips its
-- initial data through a texture; buffers, 1D/3D/cube textures, mips and
-- arrays keep each subresource's bytes.
local util = require "lib.util"

test("a 64 KiB buffer keeps its initial data", function()
  local dev = d3d.device{}
  local data = util.pattern(65536, 1)
  local buf = dev:buffer{size = #data, bind = "vertex_buffer", data = data}
  expect.bytes(dev:read(buf), data, "buffer")
end)

-- Where Wine 8.0 does not keep a format's bytes (the reference's gaps).
local wine_keeps_not = {
  R32G8X24_TYPELESS = "drops the X24 bytes", D32_FLOAT_S8X24_UINT = "drops the X24 bytes",
  B8G8R8X8_UNORM = "drops the X byte", B8G8R8X8_TYPELESS = "drops the X byte",
  B8G8R8X8_UNORM_SRGB = "drops the X byte",
  D32_FLOAT = "does not keep D32_FLOAT initial data byte for byte",
}

test("the UMD supports at least 40 formats", function()
  expect.that(#d3d.formats() >= 40, "formats: " .. #d3d.formats())
end)

for n, f in ipairs(d3d.formats()) do
  test("format " .. f.name .. ": a 2D texture keeps its initial data", function()
    local gap = wine_keeps_not[f.name]
    if gap then reference_gap("Wine 8.0 " .. gap) end
    local dev = d3d.device{}
    local w, h = 17, 5 -- odd sizes: rows are padded to the pitch inside
    local data = util.pattern(w * h * f.size, n - 1)
    local tex = dev:texture2d{width = w, height = h, format = f.name, data = data}
    expect.bytes(dev:read(tex), data, f.name)
  end)
end

test("a texture with mips and array slices: every subresource", function()
  local dev = d3d.device{}
  local w, h, mips, slices = 32, 16, 3, 2
  local subs, all = {}, {}
  for slice = 0, slices - 1 do
    for mip = 0, mips - 1 do
      local mw, mh = math.max(w >> mip, 1), math.max(h >> mip, 1)
      local s = util.pattern(mw * mh * 4, slice * 10 + mip)
      subs[slice * mips + mip] = s
      all[#all + 1] = s
    end
  end
  local tex = dev:texture2d{width = w, height = h, mips = mips, array = slices,
                            format = "R8G8B8A8_UNORM", data = all}
  expect.eq(tex.mips, mips, "mips")
  expect.eq(tex.array, slices, "array size")
  for sub = 0, mips * slices - 1 do
    expect.bytes(dev:read(tex, sub), subs[sub], "subresource " .. sub)
  end
end)

test("1D, 3D and cube textures", function()
  local dev = d3d.device{}
  local line = util.pattern(64 * 4, 3)
  local t1 = dev:texture1d{width = 64, format = "B8G8R8A8_UNORM", data = line}
  expect.bytes(dev:read(t1), line, "1D")
  local vol = util.pattern(8 * 4 * 3 * 2, 4)
  local t3 = dev:texture3d{width = 8, height = 4, depth = 3, format = "R16_UNORM", data = vol}
  expect.eq(t3.depth, 3, "depth")
  expect.bytes(dev:read(t3), vol, "3D")
  local faces = {}
  for f = 1, 6 do faces[f] = util.pattern(16 * 16 * 4, f) end
  local cube = dev:texture_cube{width = 16, format = "R8G8B8A8_UNORM", data = faces}
  expect.eq(cube.array, 6, "cube faces")
  for f = 1, 6 do
    expect.bytes(dev:read(cube, f - 1), faces[f], "face " .. f)
  end
end)

test("creation errors are Lua errors", function()
  local dev = d3d.device{}
  expect.error("unknown format", function()
    dev:texture2d{width = 4, height = 4, format = "BC1_UNORM"}
  end)
  expect.error("needs 64 bytes", function()
    dev:texture2d{width = 4, height = 4, format = "R8G8B8A8_UNORM", data = "short"}
  end)
  local buf = dev:buffer{size = 16}
  buf:release()
  expect.error("released", function() dev:read(buf) end)
end)
