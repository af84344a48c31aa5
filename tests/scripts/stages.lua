-- SPDX-License-Identifier: MIT
-- The stages beyond vs/ps: a geometry shader expanding a point into a
-- quad (two triangle strips), its stream output read back and counted,
-- DrawAuto of what it wrote, and a tessellated triangle patch (hull and
-- domain shaders). Expected pixels and vertices are worked out here.
local draw = require "lib.draw"

local W, H = 32, 32
local HALF = 0.25      -- the quad's half size in NDC: 4 pixels on a 32-pixel target

-- One point (position, colour) in, two triangles out around it: corners
-- (x -+ HALF, y -+ HALF), the colour passed on.
local gs_quad = string.format([[
gs_4_0
dcl_input_siv v[1][0].xyzw, position
dcl_input v[1][1].xyzw
dcl_temps 1
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 6
mov r0.zw, v[0][0].zzzw
add r0.xy, v[0][0].xyxx, l(-%f, %f, 0, 0)
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v[0][1].xyzw
emit
add r0.xy, v[0][0].xyxx, l(%f, %f, 0, 0)
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v[0][1].xyzw
emit
add r0.xy, v[0][0].xyxx, l(-%f, -%f, 0, 0)
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v[0][1].xyzw
emit
cut
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v[0][1].xyzw
emit
add r0.xy, v[0][0].xyxx, l(%f, %f, 0, 0)
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v[0][1].xyzw
emit
add r0.xy, v[0][0].xyxx, l(%f, -%f, 0, 0)
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v[0][1].xyzw
emit
cut
ret
]], HALF, HALF, HALF, HALF, HALF, HALF, HALF, HALF, HALF, HALF)

local ORANGE = {1, 0.5, 0, 1}
local ORANGE8 = {255, 128, 0, 255}    -- 0.5 * 255 = 127.5 rounds to 128

-- A scene drawing points, the point at pixel (16, 8) in vertex buffer 0.
local function point_scene()
  local dev, rt = draw.scene{width = W, height = H, clear = {0, 0, 0, 1}}
  dev:set_topology("point_list")
  draw.bind_vertices(dev, draw.vertices({{16, 8, c = ORANGE}}, W, H))
  return dev, rt
end

-- The quad around pixel (16, 8): +-4 pixels.
local QUAD = {12, 4, 20, 12, ORANGE8}

test("a geometry shader turns a point into a quad", function()
  local dev, rt = point_scene()
  dev:set_shader("gs", dev:shader("gs", gs_quad))
  dev:draw(1)
  local img = dev:image(rt)
  draw.expect_rects(img, {0, 0, 0, 255}, {QUAD})
  capture("gs quad", img)
end)

-- gs_quad with every vertex's colour from constant buffer 0 (cb0[0]).
local gs_quad_cb = gs_quad:gsub("dcl_temps 1", "dcl_constantbuffer cb0[1], immediateIndexed\ndcl_temps 1")
                          :gsub("mov o1%.xyzw, v%[0%]%[1%]%.xyzw", "mov o1.xyzw, cb0[0].xyzw")

test("a geometry shader reads a constant buffer bound on gs", function()
  local dev, rt = point_scene()
  dev:set_shader("gs", dev:shader("gs", gs_quad_cb))
  local c = {0.2, 0.4, 0.6, 1}
  dev:set_constant_buffer("gs", 0, dev:buffer{size = 16, bind = "constant_buffer",
                                              data = string.pack("<ffff", table.unpack(c))})
  dev:draw(1)
  local img = dev:image(rt)
  local c8 = {}
  for i, v in ipairs(c) do c8[i] = math.floor(v * 255 + 0.5) end  -- 51, 102, 153, 255
  draw.expect_rects(img, {0, 0, 0, 255}, {{QUAD[1], QUAD[2], QUAD[3], QUAD[4], c8}})
  capture("gs constant buffer", img)
end)

-- The GS with stream output of position (register 0) and colour
-- (register 1), 32 bytes a vertex, into a buffer of 8 vertices filled
-- with 0xff bytes; one point drawn. Returns the device, target, buffer.
local function stream_out(dev, rt)
  dev:set_shader("gs", dev:shader_so(gs_quad, {{register = 0}, {register = 1}},
                                     {strides = {32}}))
  local so = dev:buffer{size = 8 * 32, bind = {"stream_output", "vertex_buffer"},
                        data = string.rep("\xff", 8 * 32)}
  dev:set_so_targets{{so}}
  return so
end

test("stream output: the six vertices, counted, and rasterized", function()
  local dev, rt = point_scene()
  local so = stream_out(dev, rt)
  local stats = dev:query("so_stats")
  dev:begin_query(stats)
  dev:draw(1)
  dev:end_query(stats)
  dev:set_so_targets{}
  -- the strips as triangle lists: (a, b, c), (c, d, e) with r0 kept
  local x, y = 16 / W * 2 - 1, 1 - 8 / H * 2
  local corners = {{x - HALF, y + HALF}, {x + HALF, y + HALF}, {x - HALF, y - HALF},
                   {x - HALF, y - HALF}, {x + HALF, y + HALF}, {x + HALF, y - HALF}}
  local want = {}
  for _, c in ipairs(corners) do
    want[#want + 1] = string.pack("<ffffffff", c[1], c[2], 0, 1, table.unpack(ORANGE))
  end
  want[#want + 1] = string.rep("\xff", 2 * 32)  -- past what was written
  expect.bytes(dev:read(so), table.concat(want), "the stream output")
  local v = dev:get_data(stats)
  for _ = 1, 1000 do
    if v then break end
    dev:wait_idle()
    v = dev:get_data(stats)
  end
  expect.eq(v.written, 2, "triangles written")
  expect.eq(v.needed, 2, "triangles needed")
  local img = dev:image(rt)
  draw.expect_rects(img, {0, 0, 0, 255}, {QUAD})
  capture("rasterized with stream output", img)
end)

test("DrawAuto draws what the stream output wrote", function()
  reference_gap("Wine 8.0's DrawAuto is a stub (draws nothing)")
  local dev, rt = point_scene()
  local so = stream_out(dev, rt)
  dev:draw(1)
  dev:set_so_targets{}
  -- the buffer as vertex buffer 0, no GS, a triangle list, a clear target
  dev:set_shader("gs", nil)
  dev:clear(dev:rtv(rt), {0, 0, 0, 1})
  dev:set_topology("triangle_list")
  dev:set_vertex_buffers{{so, stride = 32}}
  dev:draw_auto()
  local img = dev:image(rt)
  draw.expect_rects(img, {0, 0, 0, 255}, {QUAD})
  capture("draw auto", img)
end)

-- ---- tessellation ----

-- Corners at pixel centres of a 64 x 64 target; a domain point u*P0 +
-- v*P1 + w*P2; integer partitioning, every factor `f` (a literal).
local TW = 64
local P = {{32.5, 8.5}, {56.5, 56.5}, {8.5, 56.5}}

local VS_POS = [[
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
mov o0.xyzw, v0.xyzw
ret
]]

-- (the signature tables in fxc's comments: the control points are
-- SV_Position, which the assembler would otherwise call TEXCOORD0)
local function hs_text(f)
  return string.format([[
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
hs_5_0
hs_decls
dcl_input_control_point_count 3
dcl_output_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(64.000000)
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input v[3][0].xyzw
dcl_output o0.xyzw
dcl_temps 1
mov r0.x, vOutputControlPointID
mov o0.xyzw, v[r0.x + 0][0].xyzw
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 3
dcl_input vForkInstanceID
dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor
dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor
dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x 3
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].x, l(%f)
ret
hs_fork_phase
dcl_output_siv o3.x, finalTriInsideTessFactor
mov o3.x, l(%f)
ret
]], f, f)
end

-- (fxc's tables again: the control points are SV_Position, and the patch
-- constant signature lists the four factors, as fxc writes it for a DS
-- whose patch constant struct holds them, though this DS reads none --
-- Wine sizes its vpc array by it, and an empty one is GLSL that does not
-- compile)
local DS = [[
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
// Patch Constant signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_TessFactor            0   x           0  TRIEDGE   float       
// SV_TessFactor            1   x           1  TRIEDGE   float       
// SV_TessFactor            2   x           2  TRIEDGE   float       
// SV_InsideTessFactor      0   x           3   TRIINT   float       
//
ds_5_0
dcl_input_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_input vDomain.xyz
dcl_input vicp[3][0].xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 1
mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw
mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw
mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw
ret
]]

local PS_WHITE = [[
ps_4_0
dcl_output o0.xyzw
mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)
ret
]]

-- o: ds, ps (DS, PS_WHITE by default), bind(dev) called before the draw.
local function patch_scene(f, fill, o)
  o = o or {}
  local dev = d3d.device{feature_level = "11_0"}
  local rt = dev:texture2d{width = TW, height = TW, format = "B8G8R8A8_UNORM",
                           bind = "render_target"}
  dev:clear(dev:rtv(rt), {0, 0, 0, 1})
  dev:set_render_target(dev:rtv(rt))
  dev:set_viewport{width = TW, height = TW}
  dev:set_topology("patch_list_3")
  dev:set_shaders(dev:shader("vs", VS_POS), dev:shader("ps", o.ps or PS_WHITE))
  dev:set_shader("hs", dev:shader("hs", hs_text(f)))
  dev:set_shader("ds", dev:shader("ds", o.ds or DS))
  if o.bind then o.bind(dev) end
  dev:set_rasterizer_state(dev:rasterizer_state{fill = fill, cull = "none"})
  dev:set_input_layout(dev:input_layout{{slot = 0, offset = 0, format = "R32G32B32A32_FLOAT"}})
  local t = {}
  for _, p in ipairs(P) do
    t[#t + 1] = string.pack("<ffff", p[1] / TW * 2 - 1, 1 - p[2] / TW * 2, 0, 1)
  end
  local bytes = table.concat(t)
  dev:set_vertex_buffers{{dev:buffer{size = #bytes, bind = "vertex_buffer", data = bytes},
                          stride = 16}}
  dev:draw(3)
  return dev, rt
end

-- The signed distance of (x, y) from edge a -> b (positive inside a
-- clockwise-on-screen triangle).
local function side(a, b, x, y)
  local ex, ey = b[1] - a[1], b[2] - a[2]
  return ((x - a[1]) * ey - (y - a[2]) * ex) / math.sqrt(ex * ex + ey * ey)
end

test("a tessellated triangle patch covers exactly the patch", function()
  local dev, rt = patch_scene(4, "solid")
  local img = dev:image(rt)
  capture("patch", img)
  for y = 0, TW - 1 do
    for x = 0, TW - 1 do
      local d = math.huge
      for i = 1, 3 do
        d = math.min(d, -side(P[i], P[i % 3 + 1], x + 0.5, y + 0.5))
      end
      if d > 1 then
        expect.pixel(img, x, y, {255, 255, 255, 255})
      elseif d < -1 then
        expect.pixel(img, x, y, {0, 0, 0, 255})
      end
    end
  end
end)

test("tessellation factor 2: a vertex at the centre, six triangles", function()
  -- wireframe: factor 1 is the patch's one triangle, nothing inside it;
  -- factor 2 fans six triangles from the centre (32.5, 40.5), so the
  -- vertical line through it (P0 -> centre -> midpoint of P1P2) is drawn
  local dev1, rt1 = patch_scene(1, "wireframe")
  local one = dev1:image(rt1)
  expect.pixel(one, 32, 48, {0, 0, 0, 255})
  local dev, rt2 = patch_scene(2, "wireframe")
  local two = dev:image(rt2)
  expect.pixel(two, 32, 48, {255, 255, 255, 255})
  expect.pixel(two, 32, 24, {255, 255, 255, 255})
  expect.pixel(two, 36, 48, {0, 0, 0, 255})   -- 2.8 pixels from every line
  capture("factor 2", two)
end)

-- DS with a colour in o1: t0 sampled through s0 at (0.75, 0.5), LOD 0.
local DS_SAMPLE = DS:gsub("dcl_output_siv o0.xyzw, position",
                          "dcl_sampler s0, mode_default\n" ..
                          "dcl_resource_texture2d (float,float,float,float) t0\n" ..
                          "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw")
                    :gsub("ret\n$", "sample_l o1.xyzw, l(0.75, 0.5, 0, 0), t0.xyzw, s0, l(0.0)\nret\n")

local PS_V1 = [[
ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
]]

test("a domain shader samples a texture bound on ds", function()
  -- a 2 x 1 texture: u = 0.75 is texel 1 with point filtering
  local texels = {{200, 0, 0, 255}, {40, 90, 160, 255}}
  local dev, rt = patch_scene(1, "solid", {ds = DS_SAMPLE, ps = PS_V1, bind = function(dev)
    local tex = dev:texture2d{width = 2, height = 1, format = "R8G8B8A8_UNORM",
                              bind = "shader_resource",
                              data = string.pack("BBBB", table.unpack(texels[1])) ..
                                     string.pack("BBBB", table.unpack(texels[2]))}
    dev:set_shader_resource("ds", 0, dev:srv(tex))
    dev:set_sampler("ds", 0, dev:sampler{filter = "point", address = "clamp"})
  end})
  local img = dev:image(rt)
  capture("ds sampled", img)
  -- the target is B8G8R8A8: the image reads back as RGBA
  local want = texels[math.floor(0.75 * 2) + 1]
  expect.pixel(img, 32, 40, want)     -- the patch's centroid (32.5, 40.5)
  expect.pixel(img, 4, 4, {0, 0, 0, 255})
end)
