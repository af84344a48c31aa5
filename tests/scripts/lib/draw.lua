-- SPDX-License-Identifier: MIT
-- What draw scripts share (require "lib.draw"): a pass-through vertex
-- shader (float4 position, float4 colour), a pixel shader returning the
-- colour, vertices given in pixels, and a device with a target bound.
local draw = {}

-- struct V { float4 p : POSITION; float4 c : COLOR; }; V main(V v) { return v; }
draw.VS = [[
vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
]]

-- float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target { return c; }
draw.PS_COLOUR = [[
ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
]]

-- Vertex bytes for a w x h target: each {x, y [, z = 0], c = {r, g, b, a}}
-- a point in pixels (x right, y down) as an NDC float4 and its colour.
function draw.vertices(list, w, h)
  local t = {}
  for _, v in ipairs(list) do
    local c = v.c
    t[#t + 1] = string.pack("<ffffffff", v[1] / w * 2 - 1, 1 - v[2] / h * 2, v[3] or 0, 1,
                            c[1], c[2], c[3], c[4])
  end
  return table.concat(t)
end

-- A device with a width x height B8G8R8A8_UNORM target cleared to
-- `clear` and bound, the viewport over it, triangle lists, vs (draw.VS)
-- and ps (draw.PS_COLOUR) with the position/colour layout (plus
-- extra_elements). With depth = a format, a depth buffer of it too,
-- cleared to 1 and stencil 0, bound with the target: returned third.
function draw.scene(o)
  local dev = d3d.device{feature_level = "11_0"}
  local rt = dev:texture2d{width = o.width, height = o.height, format = "B8G8R8A8_UNORM",
                           bind = "render_target"}
  local rtv, dsv = dev:rtv(rt), nil
  dev:clear(rtv, o.clear)
  if o.depth then
    local ds = dev:texture2d{width = o.width, height = o.height, format = o.depth,
                             bind = "depth_stencil"}
    dsv = dev:dsv(ds)
    dev:clear_depth(dsv, {depth = 1, stencil = 0})
    o.depth_texture = ds
  end
  dev:set_render_target(rtv, dsv)
  dev:set_viewport{width = o.width, height = o.height}
  dev:set_topology("triangle_list")
  dev:set_shaders(dev:shader("vs", o.vs or draw.VS), dev:shader("ps", o.ps or draw.PS_COLOUR))
  local elements = {
    {slot = 0, offset = 0, format = "R32G32B32A32_FLOAT"},
    {slot = 0, offset = 16, format = "R32G32B32A32_FLOAT"},
  }
  for _, e in ipairs(o.extra_elements or {}) do elements[#elements + 1] = e end
  dev:set_input_layout(dev:input_layout(elements))
  return dev, rt, o.depth_texture
end

-- Binds a vertex buffer holding `bytes` (stride 32: position, colour).
function draw.bind_vertices(dev, bytes)
  dev:set_vertex_buffers{{dev:buffer{size = #bytes, bind = "vertex_buffer", data = bytes},
                          stride = 32}}
end

-- A rectangle (x0, y0, x1, y1) in pixels as two clockwise triangles (a
-- triangle list) of colour c at depth z; ccw: counter-clockwise instead.
function draw.rect(x0, y0, x1, y1, c, z, ccw)
  local a, b, d, e = {x0, y0, z, c = c}, {x1, y0, z, c = c}, {x0, y1, z, c = c},
                     {x1, y1, z, c = c}
  if ccw then return {a, d, b, d, e, b} end
  return {a, b, d, d, b, e}
end

-- Every pixel centre of img inside one of the rectangles {x0, y0, x1, y1,
-- colour} by more than a pixel is its colour (the last such rectangle's;
-- within tolerance), every one outside all of them by more than a pixel
-- the background; pixels on the edges are left to the rasteriser's rules.
function draw.expect_rects(img, background, rects, tolerance)
  for y = 0, img.height - 1 do
    for x = 0, img.width - 1 do
      local px, py, want, edge = x + 0.5, y + 0.5, background, false
      for _, r in ipairs(rects) do
        local d = math.min(px - r[1], r[3] - px, py - r[2], r[4] - py)
        if d > 1 then want = r[5] elseif d > -1 then edge = true end
      end
      if not edge then expect.pixel(img, x, y, want, tolerance) end
    end
  end
end

return draw
