-- SPDX-License-Identifier: MIT
-- Compute shaders: thread ids (SV_DispatchThreadID = group * numthreads +
-- thread in group, SV_GroupIndex = (z * h + y) * w + x), raw, structured
-- and typed UAVs, groupshared memory with a barrier, Dispatch and
-- DispatchIndirect, UAV clears, append and CopyStructureCount; every
-- expected value worked out here from those rules.
local GUARD = 0xdeadbeef

local function words(bytes)
  local t = {}
  for i = 1, #bytes, 4 do
    t[#t + 1] = string.unpack("<I4", bytes, i)
  end
  return t
end

local function guard_bytes(n)
  return string.rep(string.pack("<I4", GUARD), n)
end

local function raw_buffer(dev, n)
  return dev:buffer{size = 4 * n, bind = "unordered_access", raw = true, data = guard_bytes(n)}
end

-- b.Store(id.x * 4, id.x | g.x << 8 | t.x << 16), numthreads(4, 1, 1)
local cs_ids = [[
cs_5_0
dcl_uav_raw u0
dcl_input vThreadGroupID.x
dcl_input vThreadIDInGroup.x
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 4, 1, 1
ishl r0.x, vThreadID.x, l(2)
ishl r1.x, vThreadGroupID.x, l(8)
ishl r1.y, vThreadIDInGroup.x, l(16)
or r1.x, r1.x, r1.y
or r1.x, r1.x, vThreadID.x
store_raw u0.x, r0.x, r1.x
ret
]]

-- Words 0 .. 4 * groups - 1 hold their thread's ids, the rest the guard.
local function expect_ids(bytes, n, groups)
  local w = words(bytes)
  for i = 0, n - 1 do
    local want = i < 4 * groups and (i | (i // 4) << 8 | (i % 4) << 16) or GUARD
    expect.eq(w[i + 1], want, "word " .. i)
  end
end

test("thread ids into a raw UAV", function()
  local dev = d3d.device{feature_level = "11_0"}
  local b = raw_buffer(dev, 16)
  dev:set_shader("cs", dev:shader("cs", cs_ids))
  dev:set_uav(0, dev:uav(b))
  dev:dispatch(3)
  expect_ids(dev:read(b), 16, 3)
end)

test("a zero group count runs nothing", function()
  local dev = d3d.device{feature_level = "11_0"}
  local b = raw_buffer(dev, 8)
  dev:set_shader("cs", dev:shader("cs", cs_ids))
  dev:set_uav(0, dev:uav(b))
  dev:dispatch(0, 1, 1)
  expect_ids(dev:read(b), 8, 0)
end)

test("DispatchIndirect takes its group counts from a buffer", function()
  local dev = d3d.device{feature_level = "11_0"}
  local b = raw_buffer(dev, 16)
  -- the counts at byte 4: 2, 1, 1 (the 99s around them are not read)
  local args = dev:buffer{size = 20, indirect = true,
                          data = string.pack("<I4I4I4I4I4", 99, 3, 1, 1, 99)}
  dev:update(args, string.pack("<I4", 2), {box = {4, 0, 8, 1}})
  dev:set_shader("cs", dev:shader("cs", cs_ids))
  dev:set_uav(0, dev:uav(b))
  dev:dispatch_indirect(args, 4)
  expect_ids(dev:read(b), 16, 2)
end)

-- s[g.x * 4 + gi] = uint2(id.x | id.y << 16, gi), numthreads(2, 2, 1)
local cs_structured = [[
cs_5_0
dcl_uav_structured u0, 8
dcl_input vThreadGroupID.x
dcl_input vThreadID.xy
dcl_input vThreadIDInGroupFlattened
dcl_temps 2
dcl_thread_group 2, 2, 1
imad r0.x, vThreadGroupID.x, l(4), vThreadIDInGroupFlattened
ishl r1.y, vThreadID.y, l(16)
or r1.y, r1.y, vThreadID.x
mov r1.x, vThreadIDInGroupFlattened
store_structured u0.xy, r0.x, l(0), r1.yxyy
ret
]]
-- (gi goes through r1.x: Wine 8.0 turns `mov r1.y, vThreadIDInGroupFlattened`
-- into GLSL that does not compile, "invalid swizzle / mask `y'")

test("2x2 threads per group into a structured UAV", function()
  local dev = d3d.device{feature_level = "11_0"}
  local b = dev:buffer{size = 80, bind = "unordered_access", structure = 8,
                       data = guard_bytes(20)}
  dev:set_shader("cs", dev:shader("cs", cs_structured))
  dev:set_uav(0, dev:uav(b))
  dev:dispatch(2)
  local w = words(dev:read(b))
  for g = 0, 1 do
    for ly = 0, 1 do
      for lx = 0, 1 do
        local gi = ly * 2 + lx
        local s = g * 4 + gi
        expect.eq(w[2 * s + 1], (g * 2 + lx) | ly << 16, "structure " .. s .. ".x")
        expect.eq(w[2 * s + 2], gi, "structure " .. s .. ".y")
      end
    end
  end
  for i = 17, 20 do
    expect.eq(w[i], GUARD, "word " .. (i - 1) .. " past the dispatch")
  end
end)

-- groupshared uint g[8]; g[t] = gid * 8 + t + 1; barrier; every thread
-- adds 1 to word 4; thread 0 stores sum(g) at word gid.
local cs_reduce = [[
cs_5_0
dcl_uav_raw u0
dcl_tgsm_raw g0, 32
dcl_input vThreadGroupID.x
dcl_input vThreadIDInGroup.x
dcl_temps 3
dcl_thread_group 8, 1, 1
imad r0.x, vThreadGroupID.x, l(8), vThreadIDInGroup.x
iadd r0.x, r0.x, l(1)
ishl r0.y, vThreadIDInGroup.x, l(2)
store_raw g0.x, r0.y, r0.x
sync_g_t
atomic_iadd u0, l(16), l(1)
if_z vThreadIDInGroup.x
mov r1.xy, l(0,0,0,0)
loop
uge r1.z, r1.y, l(32)
breakc_nz r1.z
ld_raw r2.x, r1.y, g0.xxxx
iadd r1.x, r1.x, r2.x
iadd r1.y, r1.y, l(4)
endloop
ishl r0.z, vThreadGroupID.x, l(2)
store_raw u0.x, r0.z, r1.x
endif
ret
]]

test("a groupshared reduction after a barrier, an atomic counter", function()
  local dev = d3d.device{feature_level = "11_0"}
  local b = dev:buffer{size = 32, bind = "unordered_access", raw = true,
                       data = string.rep("\0", 20) .. guard_bytes(3)}
  dev:set_shader("cs", dev:shader("cs", cs_reduce))
  dev:set_uav(0, dev:uav(b))
  dev:dispatch(4)
  local w = words(dev:read(b))
  for g = 0, 3 do
    local sum = 0
    for t = 0, 7 do sum = sum + g * 8 + t + 1 end
    expect.eq(w[g + 1], sum, "group " .. g .. "'s sum")
  end
  expect.eq(w[5], 32, "atomic adds of 4 groups x 8 threads")
  for i = 6, 8 do expect.eq(w[i], GUARD, "word " .. (i - 1)) end
end)

-- t[id.xy] = float4(id.x / 7, id.y / 7, 0.5, 1), numthreads(4, 4, 1)
local cs_typed = [[
cs_5_0
dcl_uav_typed_texture2d (float,float,float,float) u1
dcl_input vThreadID.xy
dcl_temps 1
dcl_thread_group 4, 4, 1
utof r0.xy, vThreadID.xyxx
div r0.xy, r0.xyxx, l(7.0, 7.0, 1.0, 1.0)
mov r0.zw, l(0, 0, 0.5, 1.0)
store_uav_typed u1.xyzw, vThreadID.xyyy, r0.xyzw
ret
]]

test("a typed UAV of an RGBA8 texture, captured", function()
  local dev = d3d.device{feature_level = "11_0"}
  local t = dev:texture2d{width = 8, height = 8, format = "R8G8B8A8_UNORM",
                          bind = "unordered_access"}
  dev:set_shader("cs", dev:shader("cs", cs_typed))
  dev:set_uav(1, dev:uav(t))
  dev:dispatch(2, 2)
  local img = dev:image(t)
  local want = image.new(8, 8)
  for y = 0, 7 do
    for x = 0, 7 do
      want:set(x, y, {math.floor(x / 7 * 255 + 0.5), math.floor(y / 7 * 255 + 0.5), 128, 255})
    end
  end
  expect.image(img, want, {tolerance = 1, name = "gradient"})
  capture("typed-uav", img)
end)

test("ClearUnorderedAccessViewUint and Float", function()
  local dev = d3d.device{feature_level = "11_0"}
  -- a raw view clears each 32-bit word with the first value (the view
  -- starts 16 bytes in: Sable's raw and structured views start on the
  -- host's 16-byte shader storage alignment, docs/umd.md)
  local b = raw_buffer(dev, 12)
  local ub = dev:uav(b, {first = 4, count = 6})
  dev:clear_uav_uint(ub, {0x12345678, 1, 2, 3})
  local w = words(dev:read(b))
  for i = 0, 11 do
    expect.eq(w[i + 1], (i >= 4 and i < 10) and 0x12345678 or GUARD, "word " .. i)
  end
  local t = dev:texture2d{width = 4, height = 4, format = "R8G8B8A8_UNORM",
                          bind = "unordered_access"}
  local ut = dev:uav(t)
  dev:clear_uav_float(ut, {0.25, 0.5, 1.0, 0.0})
  local img = dev:image(t)
  expect.region(img, 0, 0, 4, 4, {64, 128, 255, 0})  -- 0.25 * 255 = 63.75 -> 64
  capture("cleared-uav", img)
end)

-- an append UAV: each thread appends its id
local cs_append = [[
cs_5_0
dcl_uav_structured u0, 4
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 4, 1, 1
imm_atomic_alloc r0.x, u0
store_structured u0.x, r0.x, l(0), vThreadID.x
ret
]]

test("append: every thread's id once, the count copied out", function()
  local dev = d3d.device{feature_level = "11_0"}
  local b = dev:buffer{size = 64, bind = "unordered_access", structure = 4,
                       data = guard_bytes(16)}
  local u = dev:uav(b, {append = true})
  dev:set_shader("cs", dev:shader("cs", cs_append))
  dev:set_uav(0, u, 3)                       -- the counter starts at 3
  dev:dispatch(2)                            -- 8 threads
  -- an indirect-arguments buffer, as a count usually feeds a draw (Sable
  -- copies a count only into a buffer of its 3D path, docs/umd.md)
  local count = dev:buffer{size = 16, indirect = true, data = string.rep("\0", 16)}
  dev:copy_structure_count(count, 4, u)
  local c = words(dev:read(count))
  expect.eq(c[1], 0, "word 0 untouched")
  expect.eq(c[2], 11, "the counter: 3 + 8")
  local w = words(dev:read(b))
  local seen = {}
  for i = 0, 15 do
    if i >= 3 and i < 11 then
      expect.that(w[i + 1] < 8 and not seen[w[i + 1]], "slot " .. i .. " holds a new id")
      seen[w[i + 1]] = true
    else
      expect.eq(w[i + 1], GUARD, "slot " .. i)
    end
  end
end)

-- u0[id.x] = uint(t0.Load(int3(id.x, 0, 0)).x) * cb0[0].x + cb0[0].y,
-- numthreads(4, 1, 1): a constant buffer and an R32_FLOAT texture bound
-- on cs (small integers: exact as floats)
local cs_cb_srv = [[
cs_5_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 4, 1, 1
mov r0.x, vThreadID.x
mov r0.yzw, l(0, 0, 0, 0)
ld r1.x, r0.xyzw, t0.xyzw
ftou r1.x, r1.x
imad r1.x, r1.x, cb0[0].x, cb0[0].y
ishl r0.x, vThreadID.x, l(2)
store_raw u0.x, r0.x, r1.x
ret
]]

-- Each of 4 threads stores texel * cb.x + cb.y (texels of `format`, read
-- by `text`), with two guard words after them.
local function cs_reads_texture(format, pack, text)
  local dev = d3d.device{feature_level = "11_0"}
  local texels, scale, add = {3, 5, 7, 11}, 10, 1000
  local tex = dev:texture2d{width = 4, height = 1, format = format, bind = "shader_resource",
                            data = string.pack(pack, table.unpack(texels))}
  local b = raw_buffer(dev, 6)
  dev:set_shader("cs", dev:shader("cs", text))
  dev:set_constant_buffer("cs", 0, dev:buffer{size = 16, bind = "constant_buffer",
                                              data = string.pack("<I4I4I4I4", scale, add, 0, 0)})
  dev:set_shader_resource("cs", 0, dev:srv(tex))
  dev:set_uav(0, dev:uav(b))
  dev:dispatch(1)
  local w = words(dev:read(b))
  for i = 0, 5 do
    expect.eq(w[i + 1], i < 4 and texels[i + 1] * scale + add or GUARD, "word " .. i)
  end
end

test("a compute shader reads a constant buffer and a texture bound on cs", function()
  cs_reads_texture("R32_FLOAT", "<ffff", cs_cb_srv)
end)

-- The same through an R32_UINT texture: an integer texture is complete for
-- `ld` only with a point sampler, which the UMD binds at fetch-only units;
-- on a device whose first 3D work is a Dispatch that sampler must exist too
-- (it read 0 before).
local cs_cb_srv_uint = cs_cb_srv:gsub("%(float,float,float,float%)", "(uint,uint,uint,uint)")
                                :gsub("ftou r1.x, r1.x\n", "")

test("a compute shader loads an R32_UINT texture bound on cs", function()
  cs_reads_texture("R32_UINT", "<I4I4I4I4", cs_cb_srv_uint)
end)
