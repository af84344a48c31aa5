-- SPDX-License-Identifier: MIT
-- Event queries: not done while the work before End is unsubmitted
-- (GetData with DO_NOT_FLUSH must not submit it), done once it completed;
-- occlusion counts, predicates and predication, timestamps.
local util = require "lib.util"
local draw = require "lib.draw"

test("an event query passes once the work before it is done", function()
  local dev = d3d.device{}
  local data = util.pattern(65536, 2)
  local a = dev:buffer{size = #data, data = data}
  local b = dev:buffer{size = #data}
  dev:flush()
  dev:wait_idle()
  dev:copy(b, a)
  local q = dev:query("event")
  dev:end_query(q)
  expect.eq(dev:get_data(q, {do_not_flush = true}), false, "done before any submission")
  dev:flush()
  dev:wait_idle()
  expect.eq(dev:get_data(q), true, "done after the work")
  expect.bytes(dev:read(b), data, "the copy before the event")
end)

test("every query kind is made", function()
  local dev = d3d.device{}
  for _, kind in ipairs({"occlusion", "timestamp", "timestamp_disjoint", "occlusion_predicate",
                         "so_stats", "pipeline_stats"}) do
    expect.that(dev:query(kind) ~= nil, kind)
  end
  expect.error("invalid option 'nonsense'", function() dev:query("nonsense") end)
end)

test("a stream-output overflow predicate is made", function()
  reference_gap("Wine 8.0 refuses D3D11_QUERY_SO_OVERFLOW_PREDICATE (D3DERR_INVALIDCALL)")
  local dev = d3d.device{}
  expect.that(dev:query("so_overflow_predicate") ~= nil, "so_overflow_predicate")
end)

-- The value of a query once the work before its End is done.
local function result(dev, q)
  local v = dev:get_data(q)           -- submits the work before End
  for _ = 1, 1000 do
    if v ~= nil then break end
    dev:wait_idle()
    v = dev:get_data(q)
  end
  expect.that(v ~= nil, "the query's data is available")
  return v
end

test("occlusion: the samples of the pixels a draw covers", function()
  local dev, rt = draw.scene{width = 64, height = 64, clear = {0, 0, 0, 1}}
  local q = dev:query("occlusion")
  dev:begin_query(q)
  -- 16 x 8 and 4 x 4 pixels (one sample each)
  draw.bind_vertices(dev, draw.vertices(draw.rect(8, 8, 24, 16, {1, 0, 0, 1}), 64, 64))
  dev:draw(6)
  draw.bind_vertices(dev, draw.vertices(draw.rect(40, 40, 44, 44, {1, 0, 0, 1}), 64, 64))
  dev:draw(6)
  dev:end_query(q)
  expect.eq(result(dev, q), 16 * 8 + 4 * 4, "samples passed")
  -- a draw outside the viewport passes none
  dev:begin_query(q)
  draw.bind_vertices(dev, draw.vertices(draw.rect(70, 70, 90, 90, {1, 0, 0, 1}), 64, 64))
  dev:draw(6)
  dev:end_query(q)
  expect.eq(result(dev, q), 0, "samples passed outside the viewport")
  capture("occlusion", dev:image(rt))
end)

-- Pipeline statistics of two non-indexed triangle-list draws of 6
-- vertices: the input assembler reads 12 vertices, 4 triangles (the
-- counters D3D fixes for such draws; Sable counts them from the draw
-- arguments, docs/umd.md "Queries").
test("pipeline statistics: the input assembler's vertices and primitives", function()
  local dev = draw.scene{width = 32, height = 32, clear = {0, 0, 0, 1}}
  local q = dev:query("pipeline_stats")
  dev:begin_query(q)
  draw.bind_vertices(dev, draw.vertices(draw.rect(0, 0, 8, 8, {0, 1, 0, 1}), 32, 32))
  dev:draw(6)
  dev:draw(6)
  dev:end_query(q)
  local v = result(dev, q)
  expect.eq(v.ia_vertices, 12, "IAVertices")
  expect.eq(v.ia_primitives, 4, "IAPrimitives")
end)

-- Two occlusion predicates: around a visible draw and around a draw
-- outside the viewport.
local function predicates(dev)
  local seen, hidden = dev:query("occlusion_predicate"), dev:query("occlusion_predicate")
  dev:begin_query(seen)
  draw.bind_vertices(dev, draw.vertices(draw.rect(0, 0, 8, 8, {0, 0, 1, 1}), 32, 32))
  dev:draw(6)
  dev:end_query(seen)
  dev:begin_query(hidden)
  draw.bind_vertices(dev, draw.vertices(draw.rect(40, 40, 48, 48, {0, 0, 1, 1}), 32, 32))
  dev:draw(6)
  dev:end_query(hidden)
  return seen, hidden
end

test("occlusion predicates: true when samples passed", function()
  reference_gap("Wine 8.0's GetData of an OCCLUSION_PREDICATE refuses its BOOL (E_INVALIDARG)")
  local dev = draw.scene{width = 32, height = 32, clear = {0, 0, 0, 1}}
  local seen, hidden = predicates(dev)
  expect.eq(result(dev, seen), true, "the predicate of a visible draw")
  expect.eq(result(dev, hidden), false, "the predicate of a draw outside the viewport")
end)

-- D3D: commands are not performed while the predicate's data equals the
-- value given (an occlusion predicate made without PREDICATEHINT is not a
-- hint).
test("predication: draws skipped while an occlusion predicate is false", function()
  reference_gap("Wine 8.0 draws while a FALSE occlusion predicate is set with value FALSE")
  local dev, rt = draw.scene{width = 32, height = 32, clear = {0, 0, 0, 1}}
  local seen, hidden = predicates(dev)
  -- value false: a draw is skipped when the predicate is false
  dev:set_predication(hidden, false)
  draw.bind_vertices(dev, draw.vertices(draw.rect(8, 8, 24, 24, {1, 0, 0, 1}), 32, 32))
  dev:draw(6)
  dev:set_predication(seen, false)
  draw.bind_vertices(dev, draw.vertices(draw.rect(16, 16, 32, 32, {0, 1, 0, 1}), 32, 32))
  dev:draw(6)
  dev:set_predication(nil)
  local img = dev:image(rt)
  -- the red square never drew; the green one did
  draw.expect_rects(img, {0, 0, 0, 255}, {{0, 0, 8, 8, {0, 0, 255, 255}},
                                          {16, 16, 32, 32, {0, 255, 0, 255}}})
  capture("predicated", img)
end)

test("timestamps: a frequency, and time does not run backwards", function()
  local dev = draw.scene{width = 16, height = 16, clear = {0, 0, 0, 1}}
  local disjoint, t0, t1 = dev:query("timestamp_disjoint"), dev:query("timestamp"),
                           dev:query("timestamp")
  dev:begin_query(disjoint)
  dev:end_query(t0)
  draw.bind_vertices(dev, draw.vertices(draw.rect(0, 0, 16, 16, {1, 1, 1, 1}), 16, 16))
  dev:draw(6)
  dev:end_query(t1)
  dev:end_query(disjoint)
  local dj = result(dev, disjoint)
  expect.that(dj.frequency > 0, "a frequency")
  if not dj.disjoint then
    expect.that(result(dev, t1) >= result(dev, t0), "the second timestamp is not earlier")
  end
end)
