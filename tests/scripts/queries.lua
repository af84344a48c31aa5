-- SPDX-License-Identifier: MIT
-- Event queries: not done while the work before End is unsubmitted
-- (GetData with DO_NOT_FLUSH must not submit it), done once it completed.
local util = require "lib.util"

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

-- The 3D pipeline's queries are made (the UMD answers them with virgl
-- queries; scripts cannot begin them yet); pipeline statistics are still
-- refused in CreateQuery (with E_OUTOFMEMORY, an error the function's
-- category allows), which the script sees by name.
test("queries of the 3D pipeline are made, pipeline statistics refused by name", function()
  local dev = d3d.device{}
  for _, kind in ipairs({"occlusion", "timestamp", "timestamp_disjoint", "occlusion_predicate",
                         "so_stats", "so_overflow_predicate"}) do
    expect.that(dev:query(kind) ~= nil, kind)
  end
  expect.error("CreateQuery: E_OUTOFMEMORY", function() dev:query("pipeline_stats") end)
  expect.error("invalid option 'nonsense'", function() dev:query("nonsense") end)
  expect.error("device:begin_query is not available", function() dev:begin_query() end)
end)
