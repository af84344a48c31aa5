-- SPDX-License-Identifier: MIT
-- Output-merger and rasterizer states: blending (one test per class of
-- factors and operations), the colour write mask, the depth test with and
-- without writes, the stencil test, culling, wireframe, the scissor,
-- depth bias and depth clip. Expected pixels are computed here: blends by
-- the D3D11 blend equation on the UNORM8 values the target holds,
-- coverage from the rectangles drawn (edge pixels left to the
-- rasteriser's rules).
local u8 = require("lib.util").unorm8
local draw = require("lib.draw")

local W, H = 32, 32

local function scene(clear, depth)
  return draw.scene{width = W, height = H, clear = clear, depth = depth}
end

-- Draws the rectangles (lists of vertices from draw.rect) in one draw.
local function draw_rects(dev, ...)
  local v = {}
  for _, r in ipairs({...}) do
    for _, p in ipairs(r) do v[#v + 1] = p end
  end
  draw.bind_vertices(dev, draw.vertices(v, W, H))
  dev:draw(#v)
end

local function colour8(c)
  return {u8(c[1]), u8(c[2]), u8(c[3]), u8(c[4])}
end

-- ---- blending ----

-- The D3D11 blend factor `name` for channel k (4: alpha) of source s,
-- destination d, blend factor f.
local function factor(name, k, s, d, f)
  local v = {
    zero = 0, one = 1, src_color = s[k], inv_src_color = 1 - s[k], src_alpha = s[4],
    inv_src_alpha = 1 - s[4], dest_alpha = d[4], inv_dest_alpha = 1 - d[4], dest_color = d[k],
    inv_dest_color = 1 - d[k], blend_factor = f[k], inv_blend_factor = 1 - f[k],
    src_alpha_sat = k == 4 and 1 or math.min(s[4], 1 - d[4]),
  }
  return v[name]
end

-- What state st ({src =, dest =, op =, src_alpha =, dest_alpha =,
-- op_alpha =}; D3D's defaults one, zero, add; alpha as the colour unless
-- given) makes of source colour s over the UNORM8 destination d8 (blend
-- factor f): the result as UNORM8, clamped to [0, 1] as a UNORM target
-- stores it.
local function blend(st, s, d8, f)
  local d, out = {}, {}
  f = f or {1, 1, 1, 1}
  for k = 1, 4 do d[k] = d8[k] / 255 end
  for k = 1, 4 do
    local sf, df, op = st.src or "one", st.dest or "zero", st.op or "add"
    if k == 4 then
      sf, df, op = st.src_alpha or sf, st.dest_alpha or df, st.op_alpha or op
    end
    local a, b = s[k] * factor(sf, k, s, d, f), d[k] * factor(df, k, s, d, f)
    local v = op == "add" and a + b or op == "subtract" and a - b
              or op == "rev_subtract" and b - a or op == "min" and math.min(s[k], d[k])
              or math.max(s[k], d[k])
    out[k] = u8(math.max(0, math.min(1, v)))
  end
  return out
end

-- Draws a rectangle of colour src over a target cleared to dst in each
-- quadrant, blend state i in quadrant i; checks each against blend().
local function blend_quadrants(states, src, dst, f)
  local dev, rt = scene(dst)
  local rects = {}
  for i, st in ipairs(states) do
    local x, y = (i - 1) % 2 * 16, (i - 1) // 2 * 16
    dev:set_blend_state(dev:blend_state(st), f)
    draw_rects(dev, draw.rect(x + 2, y + 2, x + 14, y + 14, src))
    rects[#rects + 1] = {x + 2, y + 2, x + 14, y + 14, blend(st, src, colour8(dst), f)}
  end
  local img = dev:image(rt)
  draw.expect_rects(img, colour8(dst), rects, 1)
  return img
end

test("blend: src_alpha, inv_src_alpha (alpha over), and src_alpha_sat", function()
  local img = blend_quadrants({
    {src = "src_alpha", dest = "inv_src_alpha"},
    {src = "inv_src_alpha", dest = "src_alpha"},
    {src = "src_alpha_sat", dest = "one"},
    {src = "dest_alpha", dest = "inv_dest_alpha"},
  }, {1, 0.5, 0, 0.25}, {0, 0, 1, 0.6})
  capture("alpha blends", img)
end)

test("blend: operations add, subtract, rev_subtract, min, max", function()
  local src, dst = {0.75, 0.25, 0.5, 1}, {0.25, 0.5, 0.75, 0.5}
  capture("operations", blend_quadrants({
    {src = "one", dest = "one", op = "add"},
    {src = "one", dest = "one", op = "subtract"},
    {src = "one", dest = "one", op = "rev_subtract"},
    {src = "one", dest = "one", op = "min"},
  }, src, dst))
  -- max, and min with factors that max and min ignore
  capture("max", blend_quadrants({
    {src = "one", dest = "one", op = "max"},
    {src = "zero", dest = "zero", op = "max"},
    {src = "zero", dest = "inv_src_color", op = "min"},
  }, src, dst))
end)

test("blend: colour factors and the blend factor", function()
  capture("colour factors", blend_quadrants({
    {src = "dest_color", dest = "zero"},               -- multiply
    {src = "inv_dest_color", dest = "src_color"},
    {src = "blend_factor", dest = "inv_blend_factor"}, -- a constant mix
    {src = "src_color", dest = "inv_src_color"},
  }, {0.8, 0.4, 0.2, 0.5}, {0.5, 0.25, 1, 1}, {0.25, 0.5, 0.75, 1}))
end)

test("blend: separate alpha factors and operation", function()
  capture("separate alpha", blend_quadrants({
    {src = "one", dest = "zero", src_alpha = "zero", dest_alpha = "one"},
    {src = "src_alpha", dest = "inv_src_alpha", op_alpha = "max", src_alpha = "one",
     dest_alpha = "one"},
    {src = "one", dest = "one", op = "rev_subtract", op_alpha = "add",
     src_alpha = "inv_dest_alpha", dest_alpha = "zero"},
  }, {0.2, 0.6, 1, 0.75}, {1, 0.5, 0, 0.25}))
end)

test("colour write mask: only red and alpha written", function()
  local dev, rt = scene({0, 0, 1, 1})
  dev:set_blend_state(dev:blend_state{enable = false, write_mask = "ra"})
  draw_rects(dev, draw.rect(4, 4, 28, 28, {1, 1, 0, 0.5}))
  local img = dev:image(rt)
  capture("write mask", img)
  draw.expect_rects(img, {0, 0, 255, 255}, {{4, 4, 28, 28, {255, 0, 255, u8(0.5)}}})
end)

-- ---- depth and stencil ----

test("depth: less with writes, less without, equal; the depth buffer read back", function()
  local dev, rt, ds = scene({0, 0, 0, 1}, "D32_FLOAT")
  local red, green, blue, white = {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}
  -- no state bound: depth test less, writes on (D3D's default)
  draw_rects(dev, draw.rect(8, 8, 24, 24, red, 0.25))
  draw_rects(dev, draw.rect(0, 0, W, H, green, 0.5))      -- only around the red square
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth_write = false})
  draw_rects(dev, draw.rect(0, 0, W, H, blue, 0.375))     -- over green, not red; no write
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth_func = "equal",
                                                      depth_write = false})
  draw_rects(dev, draw.rect(0, 0, W, H, white, 0.25))     -- where the red square is
  local img = dev:image(rt)
  capture("depth", img)
  draw.expect_rects(img, colour8(blue), {{8, 8, 24, 24, colour8(white)}})
  local depth = dev:read(ds)
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      local inside = x >= 9 and x < 23 and y >= 9 and y < 23
      local outside = x < 7 or x >= 25 or y < 7 or y >= 25
      local z = string.unpack("<f", depth, (y * W + x) * 4 + 1)
      if inside then expect.eq(z, 0.25, "depth at " .. x .. ", " .. y) end
      if outside then expect.eq(z, 0.5, "depth at " .. x .. ", " .. y) end
    end
  end
end)

test("depth: disabled, always, greater", function()
  local dev, rt = scene({0, 0, 0, 1}, "D32_FLOAT")
  local red, green, blue = {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}
  draw_rects(dev, draw.rect(0, 0, W, H, red, 0.5))
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth = false})
  draw_rects(dev, draw.rect(0, 0, 16, H, green, 0.75))    -- no test: drawn, no write
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth_func = "greater"})
  draw_rects(dev, draw.rect(16, 0, W, H, blue, 0.75))     -- 0.75 > 0.5: drawn
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth_func = "always"})
  draw_rects(dev, draw.rect(8, 8, 24, 24, red, 0.9))
  local img = dev:image(rt)
  capture("depth functions", img)
  draw.expect_rects(img, {0, 0, 0, 255}, {{0, 0, 16, H, colour8(green)},
                    {16, 0, W, H, colour8(blue)}, {8, 8, 24, 24, colour8(red)}})
end)

test("stencil: replace, incr_sat, then equal to 0, 1, 2", function()
  local dev, rt = scene({0, 0, 0, 1}, "D24_UNORM_S8_UINT")
  local A, B = {4, 4, 20, 20}, {12, 12, 28, 28}
  -- stencil only: colour writes off, depth off
  dev:set_blend_state(dev:blend_state{enable = false, write_mask = ""})
  local function stencil_state(face)
    return dev:depth_stencil_state{depth = false, stencil = true, front = face, back = face}
  end
  dev:set_depth_stencil_state(stencil_state{pass = "replace", func = "always"}, 1)
  draw_rects(dev, draw.rect(A[1], A[2], A[3], A[4], {1, 1, 1, 1}))
  dev:set_depth_stencil_state(stencil_state{pass = "incr_sat", func = "always"}, 0)
  draw_rects(dev, draw.rect(B[1], B[2], B[3], B[4], {1, 1, 1, 1}))
  dev:set_blend_state(nil)
  local colours = {[0] = {1, 1, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}}
  local equal = stencil_state{func = "equal"}
  for ref = 0, 2 do
    dev:set_depth_stencil_state(equal, ref)
    draw_rects(dev, draw.rect(0, 0, W, H, colours[ref]))
  end
  local img = dev:image(rt)
  capture("stencil", img)
  -- the stencil value: 1 in A, +1 in B
  draw.expect_rects(img, colour8(colours[0]), {{A[1], A[2], A[3], A[4], colour8(colours[1])},
    {B[1], B[2], B[3], B[4], colour8(colours[1])}, {B[1], B[2], A[3], A[4], colour8(colours[2])}})
end)

test("stencil: read mask, and a back face's own operations", function()
  local dev, rt = scene({0, 0, 0, 1}, "D24_UNORM_S8_UINT")
  dev:set_rasterizer_state(dev:rasterizer_state{cull = "none"})
  dev:set_blend_state(dev:blend_state{enable = false, write_mask = ""})
  -- front faces write 0x13, back faces 0x07 (replace with the reference)
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth = false, stencil = true,
    front = {pass = "replace"}, back = {pass = "invert"}}, 0x13)
  draw_rects(dev, draw.rect(0, 0, 16, H, {1, 1, 1, 1}),              -- clockwise: front
             draw.rect(16, 0, W, H, {1, 1, 1, 1}, 0, true))          -- counter-clockwise
  dev:set_blend_state(nil)
  -- left: 0x13; right: ~0 = 0xff. Equal to 0x03 under read mask 0x0f:
  -- 0x13 & 0x0f = 0x03 passes, 0xff & 0x0f = 0x0f does not
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth = false, stencil = true,
    stencil_read_mask = 0x0f, front = {func = "equal"}, back = {func = "equal"}}, 0x03)
  draw_rects(dev, draw.rect(0, 0, W, H, {1, 0, 0, 1}))
  -- 0xff under mask 0x0f equals 0x0f
  dev:set_depth_stencil_state(dev:depth_stencil_state{depth = false, stencil = true,
    stencil_read_mask = 0x0f, front = {func = "equal"}}, 0x0f)
  draw_rects(dev, draw.rect(0, 0, W, H, {0, 1, 0, 1}))
  local img = dev:image(rt)
  capture("stencil masks", img)
  draw.expect_rects(img, {0, 0, 0, 255}, {{0, 0, 16, H, {255, 0, 0, 255}},
                                          {16, 0, W, H, {0, 255, 0, 255}}})
end)

-- ---- rasterizer ----

test("cull: back (the default), front, none, front_ccw", function()
  local dev, rt = scene({0, 0, 0, 1})
  local rtv = dev:rtv(rt)
  local red, green = {1, 0, 0, 1}, {0, 1, 0, 1}
  local L = {2, 2, 14, 30, colour8(red)}       -- clockwise on screen: front
  local R = {18, 2, 30, 30, colour8(green)}    -- counter-clockwise: back
  local cases = {
    {nil, {L}}, {{cull = "front"}, {R}}, {{cull = "none"}, {L, R}},
    {{cull = "back", front_ccw = true}, {R}}, {{cull = "front", front_ccw = true}, {L}},
  }
  for i, c in ipairs(cases) do
    dev:clear(rtv, {0, 0, 0, 1})
    dev:set_rasterizer_state(c[1] and dev:rasterizer_state(c[1]))
    draw_rects(dev, draw.rect(2, 2, 14, 30, red), draw.rect(18, 2, 30, 30, green, 0, true))
    local img = dev:image(rt)
    capture("cull " .. i, img)
    draw.expect_rects(img, {0, 0, 0, 255}, c[2])
  end
end)

test("wireframe: a quad's three edges and its diagonal, nothing inside", function()
  local dev, rt = scene({0, 0, 0, 1})
  dev:set_rasterizer_state(dev:rasterizer_state{fill = "wireframe", cull = "none"})
  -- corners on pixel centres: the edges run through rows/columns 8 and 23
  draw_rects(dev, draw.rect(8.5, 8.5, 23.5, 23.5, {1, 1, 0, 1}))
  local img = dev:image(rt)
  capture("wireframe", img)
  local yellow, black = {255, 255, 0, 255}, {0, 0, 0, 255}
  for i = 10, 21 do
    expect.pixel(img, i, 8, yellow)         -- top
    expect.pixel(img, 8, i, yellow)         -- left
    expect.pixel(img, i, 23, yellow)        -- bottom
    expect.pixel(img, 23, i, yellow)        -- right
    expect.pixel(img, 31 - i, i, yellow)    -- the diagonal (x + y = 31)
  end
  -- every pixel centre more than 1.5 from each of those lines is untouched
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      local px, py = x + 0.5, y + 0.5
      local near = math.abs(py - 8.5) <= 1.5 or math.abs(py - 23.5) <= 1.5
                   or math.abs(px - 8.5) <= 1.5 or math.abs(px - 23.5) <= 1.5
                   or math.abs(px + py - 32) / math.sqrt(2) <= 1.5
      if not near then expect.pixel(img, x, y, black) end
    end
  end
end)

test("scissor: only inside the rectangle, and only when enabled", function()
  local dev, rt = scene({0, 0, 0, 1})
  dev:set_scissor{8, 4, 20, 28}
  dev:set_rasterizer_state(dev:rasterizer_state{scissor = true})
  draw_rects(dev, draw.rect(0, 0, W, H, {1, 0, 0, 1}))
  local img = dev:image(rt)
  capture("scissor", img)
  -- the scissor is in whole pixels: exact everywhere
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      local inside = x >= 8 and x < 20 and y >= 4 and y < 28
      expect.pixel(img, x, y, inside and {255, 0, 0, 255} or {0, 0, 0, 255})
    end
  end
  dev:set_rasterizer_state(dev:rasterizer_state{scissor = false})
  draw_rects(dev, draw.rect(0, 0, W, H, {0, 1, 0, 1}))
  expect.region(dev:image(rt), 0, 0, W, H, {0, 255, 0, 255})
end)

test("depth bias: a constant bias moves a draw in front or behind", function()
  local dev, rt = scene({0, 0, 0, 1}, "D32_FLOAT")
  draw_rects(dev, draw.rect(0, 0, W, H, {1, 0, 0, 1}, 0.5))
  -- D32_FLOAT at depth 0.5 (exponent -1): one unit of bias is 2^(-1 - 23);
  -- 4096 units = 2^-12, far above rounding.
  -- Depth test less: 0.5 - bias passes, 0.5 and 0.5 + bias do not.
  local function biased(bias, x0, x1, c)
    dev:set_rasterizer_state(dev:rasterizer_state{depth_bias = bias})
    draw_rects(dev, draw.rect(x0, 0, x1, H, c, 0.5))
  end
  biased(0, 0, 8, {0, 0, 1, 1})
  biased(4096, 8, 16, {0, 0, 1, 1})
  biased(-4096, 16, 32, {0, 1, 0, 1})
  local img = dev:image(rt)
  capture("depth bias", img)
  draw.expect_rects(img, {0, 0, 0, 255}, {{0, 0, 16, H, {255, 0, 0, 255}},
                                          {16, 0, W, H, {0, 255, 0, 255}}})
end)

test("depth clip: z outside 0..1 is clipped, drawn (clamped) without depth clip", function()
  local dev, rt = scene({0, 0, 0, 1})
  local rtv = dev:rtv(rt)
  local red, green, blue = {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}
  -- D3D clips to 0 <= z <= w: z = -0.5 and 1.5 are outside; 0.5 inside
  local function scene_rects()
    draw_rects(dev, draw.rect(0, 0, 10, H, red, -0.5), draw.rect(11, 0, 21, H, blue, 0.5),
               draw.rect(22, 0, W, H, green, 1.5))
    return dev:image(rt)
  end
  local clipped = scene_rects()
  capture("depth clip", clipped)
  draw.expect_rects(clipped, {0, 0, 0, 255}, {{11, 0, 21, H, colour8(blue)}})
  dev:clear(rtv, {0, 0, 0, 1})
  dev:set_rasterizer_state(dev:rasterizer_state{depth_clip = false})
  local unclipped = scene_rects()
  capture("no depth clip", unclipped)
  draw.expect_rects(unclipped, {0, 0, 0, 255}, {{0, 0, 10, H, colour8(red)},
                    {11, 0, 21, H, colour8(blue)}, {22, 0, W, H, colour8(green)}})
end)

test("bad states raise errors; states released while bound are unbound", function()
  local dev = d3d.device{feature_level = "11_0"}
  expect.error("invalid option 'bogus'", function() dev:blend_state{src = "bogus"} end)
  expect.error("write_mask", function() dev:blend_state{write_mask = "rgbx"} end)
  expect.error("invalid option 'less_than'", function()
    dev:depth_stencil_state{depth_func = "less_than"}
  end)
  expect.error("invalid option 'sideways'", function()
    dev:depth_stencil_state{stencil = true, front = {pass = "sideways"}}
  end)
  expect.error("invalid option 'points'", function() dev:rasterizer_state{fill = "points"} end)
  expect.error("a blend state expected", function()
    dev:set_blend_state(dev:rasterizer_state{})
  end)
  expect.error("stencil reference", function()
    dev:set_depth_stencil_state(dev:depth_stencil_state{}, 256)
  end)
  local old = d3d.device{feature_level = "10_0"}
  expect.error("feature level 11_0", function() old:blend_state{} end)
  local bs, ds, rs = dev:blend_state{}, dev:depth_stencil_state{}, dev:rasterizer_state{}
  dev:set_blend_state(bs)
  dev:set_depth_stencil_state(ds)
  dev:set_rasterizer_state(rs)
  for _, o in ipairs({bs, ds, rs}) do o:release() end
  expect.error("was released", function() dev:set_blend_state(bs) end)
  -- the device still draws (with the default states)
  local dev2, rt = scene({0, 0, 0, 1})
  draw_rects(dev2, draw.rect(0, 0, W, H, {0, 0, 1, 1}))
  expect.region(dev2:image(rt), 0, 0, W, H, {0, 0, 255, 255})
end)
