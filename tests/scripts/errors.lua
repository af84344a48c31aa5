-- SPDX-License-Identifier: MIT
-- What a script gets when it asks for what does not exist (yet): raw
-- submissions raise an error naming what is missing, a call without what
-- it needs bound says what, bad arguments raise errors naming the
-- argument, a released device refuses to be used.

test("what scripts do not have, or a call without its stage bound, says so", function()
  local dev = d3d.device{feature_level = "11_0"}
  expect.error("dispatch: no compute shader bound (set_shader)", function() dev:dispatch(1) end)
  expect.error("draw: no vertex shader bound", function() dev:draw_auto() end)
  expect.error("invalid option 'xs'", function() dev:shader("xs", "") end)
  expect.error("raw submissions are not available", function() sable.submit() end)
end)

test("feature levels: 10_0, 10_1 and 11_0 devices; others refused", function()
  for _, level in ipairs({"10_0", "10_1", "11_0"}) do
    local dev = d3d.device{feature_level = level}
    expect.eq(dev.feature_level, level, "feature level")
    local buf = dev:buffer{size = 16, data = "0123456789abcdef"}
    expect.bytes(dev:read(buf), "0123456789abcdef", level)
    dev:release()
  end
  expect.error("invalid option '9_3'", function() d3d.device{feature_level = "9_3"} end)
end)

test("bad arguments and released objects", function()
  local dev = d3d.device{}
  expect.error("the device has no method or field 'nonsense'", function() return dev.nonsense end)
  expect.error("size (bytes, > 0) expected", function() dev:buffer{size = 0} end)
  expect.error("inject 'no-such-fault'", function() sable.inject("no-such-fault") end)
  local tex = dev:texture2d{width = 4, height = 4, format = "R8G8B8A8_UNORM"}
  expect.error("subresource 3 of a resource with 1", function() dev:read(tex, 3) end)
  dev:release()
  expect.error("the device was released", function() dev:flush() end)
  expect.error("released", function() return tex.width end)
end)

test("a swap chain's back buffer goes with the swap chain", function()
  local dev = d3d.device{}
  local sc = dev:swapchain{}
  local back = sc.back
  expect.error("goes with its swap chain", function() back:release() end)
  sc:release()
  expect.error("released", function() return back.width end)
  expect.error("released", function() sc:present() end)
  local m = dev:map(dev:buffer{size = 16, usage = "staging", cpu = "read"}, {type = "read"})
  dev:release()
  expect.error("no longer valid", function() m:read() end)
  collectgarbage()
end)

test("files that are not there or not what they should be", function()
  expect.error("image.load: ", function() image.load("ref/missing.png") end)
  expect.error("expect.image: reference", function()
    expect.image(image.new(4, 4), "ref/missing.png")
  end)
  expect.error("decode_dump ref/make-refs.py", function() sable.decode_dump("ref/make-refs.py") end)
  expect.error("image: a 1D or 2D texture subresource expected", function()
    local dev = d3d.device{}
    dev:image(dev:buffer{size = 16})
  end)
  expect.error("image: 4x4, the reference is 8x8", function()
    expect.image(image.new(4, 4), image.new(8, 8))
  end)
end)

test("an object of another device is refused by name, not used", function()
  local a, b = d3d.device{}, d3d.device{}
  local buf = a:buffer{size = 4, data = "abcd"}
  expect.error("argument 2: this resource belongs to another device", function() b:read(buf) end)
end)

-- The stages, stream output, UAVs and texture descriptions: bad arguments
-- are Lua errors naming what is wrong.
test("bad stream-output, UAV, texture and topology arguments", function()
  local dev = d3d.device{feature_level = "11_0"}
  local gs = "gs_4_0\nret\n"
  expect.error("contiguous", function() dev:shader_so(gs, {{register = 0, mask = "xz"}}) end)
  expect.error("letters", function() dev:shader_so(gs, {{register = 0, mask = "xq"}}) end)
  expect.error("1..64 entries", function() dev:shader_so(gs, {}) end)
  expect.error("at most 4", function() dev:set_so_targets{{}, {}, {}, {}, {}} end)
  expect.error("a buffer or a 2D texture", function()
    dev:uav(dev:texture3d{width = 2, height = 2, depth = 2, format = "R8G8B8A8_UNORM",
                          bind = "unordered_access"})
  end)
  expect.error("needs a format", function()
    dev:uav(dev:buffer{size = 16, bind = "unordered_access"})
  end)
  expect.error("slot 0..7", function() dev:set_uav(8, nil) end)
  expect.error("raw and structure", function() dev:buffer{size = 16, raw = true, structure = 4} end)
  expect.error("one mip, one slice", function()
    dev:texture2d{width = 4, height = 4, format = "R8G8B8A8_UNORM", samples = 4, mips = 2}
  end)
  expect.error("invalid option", function() dev:set_topology("patch_list_33") end)
  expect.error("invalid option", function() dev:set_topology("patch_list_3x") end)
  expect.error("a texture expected", function() dev:srv(dev:buffer{size = 16}) end)
end)
