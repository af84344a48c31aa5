-- SPDX-License-Identifier: MIT
-- Textures beyond 2D: 1D, 3D and cube textures sampled by a pixel
-- shader (point sampling at texel centres: exact texels), GenerateMips
-- (a 2x box filter of values whose averages are exact), and a 4x
-- multisampled target resolved. Each rectangle is drawn with its texture
-- coordinate as the vertex "colour" (lib.draw's VS passes it as v1).
local draw = require "lib.draw"

local W, H = 32, 8
local RED, GREEN, BLUE, WHITE = {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                {255, 255, 255, 255}
local YELLOW, CYAN = {255, 255, 0, 255}, {0, 255, 255, 255}

local function rgba(c)
  return string.char(c[1], c[2], c[3], c[4])
end

-- A pixel shader sampling t0 (of `kind`) with s0 at v1's `coords`.
local function sampling_ps(kind, coords)
  return string.format([[
ps_4_0
dcl_sampler s0, mode_default
dcl_resource_%s (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
sample o0.xyzw, v1.%s, t0.xyzw, s0
ret
]], kind, coords)
end

-- Draws one 8x8 square per coordinate (left to right) sampling srv with
-- ps, and checks square i is colours[i].
local function sample_squares(kind, coords, tex, list, colours)
  local dev, rt = draw.scene{width = 8 * #list, height = H, clear = {0, 0, 0, 1},
                             ps = sampling_ps(kind, coords)}
  dev:set_shader_resource("ps", 0, dev:srv(tex(dev)))
  dev:set_sampler("ps", 0, dev:sampler{filter = "point", address = "clamp"})
  local v, rects = {}, {}
  for i, c in ipairs(list) do
    for _, p in ipairs(draw.rect(8 * (i - 1), 0, 8 * i, H, c)) do v[#v + 1] = p end
    rects[#rects + 1] = {8 * (i - 1), 0, 8 * i, H, colours[i]}
  end
  draw.bind_vertices(dev, draw.vertices(v, 8 * #list, H))
  dev:draw(#v)
  local img = dev:image(rt)
  draw.expect_rects(img, {0, 0, 0, 255}, rects)
  return img
end

test("a 1D texture: texel i at u = (i + 0.5) / 4", function()
  local img = sample_squares("texture1d", "x", function(dev)
    return dev:texture1d{width = 4, format = "R8G8B8A8_UNORM", bind = "shader_resource",
                         data = rgba(RED) .. rgba(GREEN) .. rgba(BLUE) .. rgba(WHITE)}
  end, {{0.125, 0, 0, 0}, {0.375, 0, 0, 0}, {0.625, 0, 0, 0}, {0.875, 0, 0, 0}},
     {RED, GREEN, BLUE, WHITE})
  capture("1d", img)
end)

test("a 3D texture: 2x2x2 texels by (u, v, w)", function()
  -- slice 0: red, green / blue, white; slice 1: yellow, cyan / black, red
  local texels = {RED, GREEN, BLUE, WHITE, YELLOW, CYAN, {0, 0, 0, 255}, RED}
  local data = {}
  for _, c in ipairs(texels) do data[#data + 1] = rgba(c) end
  local coords, want = {}, {}
  for i, c in ipairs(texels) do
    local x, y, z = (i - 1) % 2, ((i - 1) // 2) % 2, (i - 1) // 4
    coords[i] = {0.25 + 0.5 * x, 0.25 + 0.5 * y, 0.25 + 0.5 * z, 0}
    want[i] = c
  end
  local img = sample_squares("texture3d", "xyz", function(dev)
    return dev:texture3d{width = 2, height = 2, depth = 2, format = "R8G8B8A8_UNORM",
                         bind = "shader_resource", data = table.concat(data)}
  end, coords, want)
  capture("3d", img)
end)

test("a cube texture: the face a direction's major axis names", function()
  -- faces +x, -x, +y, -y, +z, -z (D3D's order), one texel each
  local faces = {RED, GREEN, BLUE, WHITE, YELLOW, CYAN}
  local data = {}
  for _, c in ipairs(faces) do data[#data + 1] = rgba(c) end
  local img = sample_squares("texturecube", "xyz", function(dev)
    return dev:texture_cube{width = 1, format = "R8G8B8A8_UNORM", bind = "shader_resource",
                            data = data}
  end, {{1, 0.2, 0.1, 0}, {-1, 0.2, 0.1, 0}, {0.2, 1, 0.1, 0}, {0.2, -1, 0.1, 0},
        {0.2, 0.1, 1, 0}, {0.2, 0.1, -1, 0}}, faces)
  capture("cube", img)
end)

test("GenerateMips: each mip a 2x2 box average of the one above", function()
  local dev = d3d.device{feature_level = "11_0"}
  -- 4x4, channel values whose 2x2 and 4x4 averages are whole numbers
  local base = {}
  for y = 0, 3 do
    for x = 0, 3 do
      base[#base + 1] = string.char(x * 64, y * 64, (x + y) * 20, 255)
    end
  end
  local t = dev:texture2d{width = 4, height = 4, mips = 3, format = "R8G8B8A8_UNORM",
                          bind = {"shader_resource", "render_target"},
                          data = {table.concat(base), string.rep("\0", 16), string.rep("\0", 4)}}
  dev:gen_mips(dev:srv(t))
  local function avg(x0, y0, n)
    local s = {0, 0, 0}
    for y = y0, y0 + n - 1 do
      for x = x0, x0 + n - 1 do
        s[1], s[2], s[3] = s[1] + x * 64, s[2] + y * 64, s[3] + (x + y) * 20
      end
    end
    return string.char(s[1] // (n * n), s[2] // (n * n), s[3] // (n * n), 255)
  end
  expect.bytes(dev:read(t, 0), table.concat(base), "mip 0 kept")
  local m1 = avg(0, 0, 2) .. avg(2, 0, 2) .. avg(0, 2, 2) .. avg(2, 2, 2)
  local got1 = dev:read(t, 1)
  for i = 1, 16 do
    expect.that(math.abs(got1:byte(i) - m1:byte(i)) <= 1,
                string.format("mip 1 byte %d: %d, expected %d within 1", i - 1, got1:byte(i),
                              m1:byte(i)))
  end
  local got2, m2 = dev:read(t, 2), avg(0, 0, 4)
  for i = 1, 4 do
    expect.that(math.abs(got2:byte(i) - m2:byte(i)) <= 1,
                string.format("mip 2 byte %d: %d, expected %d within 1", i - 1, got2:byte(i),
                              m2:byte(i)))
  end
end)

test("4x MSAA: a triangle's inside and outside resolve to their colours", function()
  local dev = d3d.device{feature_level = "11_0"}
  local ms = dev:texture2d{width = 32, height = 32, format = "R8G8B8A8_UNORM",
                           bind = "render_target", samples = 4}
  local rt = dev:texture2d{width = 32, height = 32, format = "R8G8B8A8_UNORM",
                           bind = "render_target"}
  local rtv = dev:rtv(ms)
  dev:clear(rtv, {0, 0, 1, 1})
  dev:set_render_target(rtv)
  dev:set_viewport{width = 32, height = 32}
  dev:set_topology("triangle_list")
  dev:set_shaders(dev:shader("vs", draw.VS), dev:shader("ps", draw.PS_COLOUR))
  dev:set_input_layout(dev:input_layout{{slot = 0, offset = 0, format = "R32G32B32A32_FLOAT"},
                                        {slot = 0, offset = 16, format = "R32G32B32A32_FLOAT"}})
  -- the triangle (0, 0), (32, 0), (0, 32): below-left of the diagonal x + y = 32
  draw.bind_vertices(dev, draw.vertices({{0, 0, c = {1, 1, 1, 1}}, {32, 0, c = {1, 1, 1, 1}},
                                         {0, 32, c = {1, 1, 1, 1}}}, 32, 32))
  dev:draw(3)
  dev:resolve(rt, ms)
  local img = dev:image(rt)
  for y = 0, 31 do
    for x = 0, 31 do
      -- every sample of a pixel lies within 0.5 of its centre on each axis
      local d = (x + 0.5) + (y + 0.5) - 32
      if d < -1 then
        expect.pixel(img, x, y, WHITE)
      elseif d > 1 then
        expect.pixel(img, x, y, BLUE)
      end
    end
  end
  -- a pixel whose centre is on the diagonal has samples on both sides
  -- (sample positions at quality 0 are the implementation's; none at
  -- the centre): neither colour
  local r = img:get(16, 15)
  expect.that(r > 0 and r < 255, "pixel (16, 15) on the edge mixes both: red " .. r)
  capture("msaa resolved", img)
end)
