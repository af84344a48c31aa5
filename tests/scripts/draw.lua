-- SPDX-License-Identifier: MIT
-- Draws through the whole stack: shaders from SM4 assembly, an input
-- layout, vertex/index/constant buffers, a W x H B8G8R8A8 render target
-- read back as an image. Expected pixels are computed here from the
-- geometry: inside pixels (more than a pixel from every edge) within a
-- tolerance, outside pixels (more than a pixel away) exactly the clear
-- colour; pixels on the edges are left to the rasteriser's rules.
-- Textured quads: a 2D texture's SRV with a point or linear sampler.
local u8 = require("lib.util").unorm8
local draw = require("lib.draw")

local W, H = 64, 64
local CLEAR = {0, 0, 0.2, 1}
local CLEAR8 = {0, 0, u8(0.2), 255}

local VS, PS_COLOUR = draw.VS, draw.PS_COLOUR

-- The same, v.p.xy += v2.xy (an offset per instance).
local VS_INSTANCED = [[
vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input v2.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
mov r0.xyzw, v0.xyzw
add r0.xy, r0.xyxx, v2.xyxx
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v1.xyzw
ret
]]

-- cbuffer C : register(b0) { float4 colour; }; float4 main() : SV_Target { return colour; }
local PS_CB = [[
ps_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb0[0].xyzw
ret
]]

-- Vertex bytes: pixel-space points (x right, y down) and a colour each.
local function vertices(list)
  return draw.vertices(list, W, H)
end

-- A device with a W x H target bound (and cleared), the viewport over it,
-- triangle lists, VS + PS and the position/colour layout.
local function scene(vs, ps, extra_elements)
  local dev, rt = draw.scene{width = W, height = H, clear = CLEAR, vs = vs, ps = ps,
                             extra_elements = extra_elements}
  return dev, rt
end

local function vertex_buffer(dev, bytes)
  return dev:buffer{size = #bytes, bind = "vertex_buffer", data = bytes}
end

local function colour8(c)
  return {u8(c[1]), u8(c[2]), u8(c[3]), u8(c[4])}
end

-- Every pixel centre of img inside the rectangles (x0, y0, x1, y1, colour)
-- by more than a pixel is its colour exactly, every one outside all of
-- them by more than a pixel the clear colour.
local function expect_rects(img, rects)
  draw.expect_rects(img, CLEAR8, rects)
end

test("a triangle with interpolated colour", function()
  local dev, rt = scene()
  local P = {{8, 56, c = {1, 0, 0, 1}}, {32, 8, c = {0, 1, 0, 1}}, {56, 56, c = {0, 0, 1, 1}}}
  dev:set_vertex_buffers{{vertex_buffer(dev, vertices(P)), stride = 32}}
  dev:draw(3)
  local img = dev:image(rt)
  capture("triangle", img)
  -- edge functions: the pixel's weights, and its distance to the nearest edge
  local function weights(px, py)
    local w, dist, area = {}, math.huge, 0
    for i = 1, 3 do
      local a, b = P[i % 3 + 1], P[(i + 1) % 3 + 1]
      local e = (b[1] - a[1]) * (py - a[2]) - (b[2] - a[2]) * (px - a[1])
      w[i] = e
      area = area + e
      dist = math.min(dist, e / math.sqrt((b[1] - a[1]) ^ 2 + (b[2] - a[2]) ^ 2))
    end
    return w, area, dist
  end
  local inside, outside = 0, 0
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      local w, area, dist = weights(x + 0.5, y + 0.5)
      -- clockwise on screen (y down): edge functions all > 0 inside
      if dist > 1 then
        local c = {}
        for k = 1, 3 do
          c[k] = u8((w[1] * P[1].c[k] + w[2] * P[2].c[k] + w[3] * P[3].c[k]) / area)
        end
        c[4] = 255
        expect.pixel(img, x, y, c, 2)
        inside = inside + 1
      elseif dist < -1 then
        expect.pixel(img, x, y, CLEAR8)
        outside = outside + 1
      end
    end
  end
  expect.that(inside > 600 and outside > 1800, "pixels checked: " .. inside .. " inside, " ..
              outside .. " outside")
end)

-- A rectangle (x0, y0, x1, y1) as four vertices of one colour.
local function quad(x0, y0, x1, y1, c)
  return vertices{{x0, y0, c = c}, {x1, y0, c = c}, {x0, y1, c = c}, {x1, y1, c = c}}
end

test("an indexed quad, 16-bit and 32-bit indices, base vertex", function()
  local dev, rt = scene()
  local green, yellow = {0, 1, 0, 1}, {1, 1, 0, 1}
  -- vertices 0..3 one quad, 4..7 another: the base vertex picks the second
  local vb = vertex_buffer(dev, quad(16, 16, 48, 40, green) .. quad(8, 8, 24, 56, yellow))
  dev:set_vertex_buffers{{vb, stride = 32}}
  local idx = {0, 1, 2, 2, 1, 3}
  local ib16 = dev:buffer{size = 12, bind = "index_buffer", data = string.pack("<" ..
                          string.rep("I2", 6), table.unpack(idx))}
  dev:set_index_buffer(ib16, "R16_UINT")
  dev:draw_indexed(6)
  local img = dev:image(rt)
  capture("quad", img)
  expect_rects(img, {{16, 16, 48, 40, colour8(green)}})

  dev:clear(dev:rtv(rt), CLEAR)
  local ib32 = dev:buffer{size = 24, bind = "index_buffer", data = string.pack("<" ..
                          string.rep("I4", 6), table.unpack(idx))}
  dev:set_index_buffer(ib32, "R32_UINT")
  dev:draw_indexed(6, 0, 4)
  expect_rects(dev:image(rt), {{8, 8, 24, 56, colour8(yellow)}})
end)

test("instancing: one quad, an offset per instance", function()
  local dev, rt = scene(VS_INSTANCED, nil,
                        {{slot = 1, offset = 0, format = "R32G32_FLOAT", instance = true}})
  local red = {1, 0, 0, 1}
  local q = vertices{{4, 4, c = red}, {20, 4, c = red}, {4, 20, c = red},
                     {4, 20, c = red}, {20, 4, c = red}, {20, 20, c = red}}
  -- NDC offsets: +24 pixels right; +32 right and +36 down
  local offsets = string.pack("<ffff", 24 / W * 2, 0, 32 / W * 2, -36 / H * 2)
  dev:set_vertex_buffers{{vertex_buffer(dev, q), stride = 32},
                         {vertex_buffer(dev, offsets), stride = 8}}
  dev:draw_instanced(6, 2)
  local img = dev:image(rt)
  capture("instances", img)
  expect_rects(img, {{28, 4, 44, 20, colour8(red)}, {36, 40, 52, 56, colour8(red)}})

  -- from the second instance on only, indexed
  dev:clear(dev:rtv(rt), CLEAR)
  local ib = dev:buffer{size = 12, bind = "index_buffer",
                        data = string.pack("<I2I2I2I2I2I2", 0, 1, 2, 3, 4, 5)}
  dev:set_index_buffer(ib, "R16_UINT")
  dev:draw_indexed_instanced(6, 1, 0, 0, 1)
  expect_rects(dev:image(rt), {{36, 40, 52, 56, colour8(red)}})
end)

test("a constant buffer's colour, updated between draws", function()
  local dev, rt = scene(nil, PS_CB)
  local white = {1, 1, 1, 1}
  dev:set_vertex_buffers{{vertex_buffer(dev, quad(0, 0, 40, 24, white)), stride = 32}}
  dev:set_topology("triangle_strip")
  local cb = dev:buffer{size = 16, bind = "constant_buffer",
                        data = string.pack("<ffff", 0.2, 0.4, 0.6, 1)}
  dev:set_constant_buffer("ps", 0, cb)
  dev:draw(4)
  local img = dev:image(rt)
  capture("constant buffer", img)
  expect_rects(img, {{0, 0, 40, 24, {51, 102, 153, 255}}})

  dev:update(cb, string.pack("<ffff", 1, 0.5, 0, 1))
  dev:draw(4)
  expect_rects(dev:image(rt), {{0, 0, 40, 24, {255, 128, 0, 255}}})
end)

-- Texture2D t : register(t1); SamplerState s : register(s0);
-- float4 main(float4 p : SV_Position, float4 uv : COLOR) : SV_Target { return t.Sample(s, uv.xy); }
local PS_TEXTURE = [[
ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t1
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
sample o0.xyzw, v1.xyxx, t1.xyzw, s0
ret
]]

-- A 2x2 texture (red, green / blue, white) on a full-target quad with
-- texture coordinates 0..1, sampled through t1 and s0 with `filter`.
local TEXELS = {{{255, 0, 0, 255}, {0, 255, 0, 255}}, {{0, 0, 255, 255}, {255, 255, 255, 255}}}
local function textured(filter)
  local dev, rt = scene(nil, PS_TEXTURE)
  local bytes = {}
  for _, row in ipairs(TEXELS) do
    for _, t in ipairs(row) do bytes[#bytes + 1] = string.pack("BBBB", table.unpack(t)) end
  end
  local tex = dev:texture2d{width = 2, height = 2, format = "R8G8B8A8_UNORM",
                            bind = "shader_resource", data = table.concat(bytes)}
  dev:set_shader_resource("ps", 1, dev:srv(tex))
  dev:set_sampler("ps", 0, dev:sampler{filter = filter, address = "clamp"})
  local q = vertices{{0, 0, c = {0, 0, 0, 0}}, {W, 0, c = {1, 0, 0, 0}},
                     {0, H, c = {0, 1, 0, 0}}, {W, H, c = {1, 1, 0, 0}}}
  dev:set_vertex_buffers{{vertex_buffer(dev, q), stride = 32}}
  dev:set_topology("triangle_strip")
  dev:draw(4)
  return dev:image(rt)
end

test("a textured quad, point sampling: each quarter its texel", function()
  local img = textured("point")
  capture("point sampled", img)
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      expect.pixel(img, x, y, TEXELS[y < H / 2 and 1 or 2][x < W / 2 and 1 or 2])
    end
  end
end)

test("a textured quad, linear sampling: bilinear between texel centres", function()
  local img = textured("linear")
  capture("linear sampled", img)
  local function clamp01(v) return math.max(0, math.min(1, v)) end
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      -- texel space: centres at 0.5 and 1.5; clamped at the borders
      local fu, fv = clamp01((x + 0.5) / W * 2 - 0.5), clamp01((y + 0.5) / H * 2 - 0.5)
      local want = {}
      for k = 1, 4 do
        local top = TEXELS[1][1][k] * (1 - fu) + TEXELS[1][2][k] * fu
        local bottom = TEXELS[2][1][k] * (1 - fu) + TEXELS[2][2][k] * fu
        want[k] = math.floor(top * (1 - fv) + bottom * fv + 0.5)
      end
      expect.pixel(img, x, y, want, 3)
    end
  end
end)

test("bad shaders and bindings raise errors", function()
  local dev = d3d.device{feature_level = "11_0"}
  expect.error("line 2", function() dev:shader("vs", "vs_4_0\nmov_bogus o0, v0\nret\n") end)
  expect.error("invalid option 'xs'", function() dev:shader("xs", VS) end)
  -- a vertex shader's code for another stage: refused (the HRESULT is the
  -- driver's: Sable E_OUTOFMEMORY, Wine E_INVALIDARG)
  expect.error("CreateGeometryShader: E_", function() dev:shader("gs", VS) end)
  local vs, ps = dev:shader("vs", VS), dev:shader("ps", PS_COLOUR)
  expect.error("not a vertex shader", function() dev:set_shaders(ps, vs) end)
  expect.error("R16_UINT or R32_UINT", function()
    dev:set_index_buffer(dev:buffer{size = 4, bind = "index_buffer"}, "R8_UINT")
  end)
  expect.error("format", function() dev:input_layout{{offset = 0}} end)
  expect.error("srv: a texture expected", function()
    dev:srv(dev:buffer{size = 16, bind = "shader_resource"})
  end)
  expect.error("invalid option 'anisotropic'", function() dev:sampler{filter = "anisotropic"} end)
  expect.error("a shader-resource view expected", function()
    dev:set_shader_resource("ps", 0, dev:sampler{})
  end)
  expect.error("no vertex shader bound", function() dev:draw(3) end)
  local old = d3d.device{feature_level = "10_0"}
  expect.error("feature level 11_0", function() old:draw(3) end)
end)

test("objects released while bound are unbound first", function()
  local dev = d3d.device{feature_level = "11_0"}
  local tex = dev:texture2d{width = 2, height = 2, format = "R8G8B8A8_UNORM",
                            bind = "shader_resource"}
  local srv, samp = dev:srv(tex), dev:sampler{}
  dev:set_shader_resource("ps", 1, srv)
  dev:set_sampler("ps", 0, samp)
  local vs, layout = dev:shader("vs", VS), dev:input_layout{{format = "R32G32_FLOAT"}}
  dev:set_shaders(vs, nil)
  dev:set_input_layout(layout)
  for _, o in ipairs({srv, samp, vs, layout}) do o:release() end
  expect.error("was released", function() dev:set_shader_resource("ps", 1, srv) end)
  expect.error("no vertex shader bound", function() dev:draw(3) end)
  -- the device still works (a lost one raises DEVICEREMOVED here)
  local rt = dev:texture2d{width = 4, height = 4, format = "B8G8R8A8_UNORM",
                           bind = "render_target"}
  dev:clear(dev:rtv(rt), {0, 1, 0, 1})
  expect.pixel(dev:image(rt), 1, 1, {0, 255, 0, 255})
end)
