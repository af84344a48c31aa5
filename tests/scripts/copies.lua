-- SPDX-License-Identifier: MIT
-- CopyResource, CopySubresourceRegion with and without a box, and
-- UpdateSubresource of a box: every byte where D3D says it goes.
local util = require "lib.util"

local W, H = 16, 8

-- The bytes of a W x H RGBA texture after a w x h block of `src` (rows of
-- sw texels, taken at sx, sy) lands at dx, dy of `dst`.
local function blit(dst, src, sw, sx, sy, dx, dy, w, h)
  local rows = {}
  for y = 0, H - 1 do
    local row = dst:sub(y * W * 4 + 1, (y + 1) * W * 4)
    if y >= dy and y < dy + h then
      local s = (sy + y - dy) * sw * 4 + sx * 4
      row = row:sub(1, dx * 4) .. src:sub(s + 1, s + w * 4) .. row:sub((dx + w) * 4 + 1)
    end
    rows[#rows + 1] = row
  end
  return table.concat(rows)
end

test("CopyResource", function()
  local dev = d3d.device{}
  local data = util.pattern(W * H * 4, 1)
  local a = dev:texture2d{width = W, height = H, format = "R8G8B8A8_UNORM", data = data}
  local b = dev:texture2d{width = W, height = H, format = "R8G8B8A8_UNORM"}
  dev:copy(b, a)
  expect.bytes(dev:read(b), data, "copy")
end)

test("CopySubresourceRegion of a box to an offset", function()
  local dev = d3d.device{}
  local sdata, ddata = util.pattern(W * H * 4, 2), util.pattern(W * H * 4, 100)
  local src = dev:texture2d{width = W, height = H, format = "R8G8B8A8_UNORM", data = sdata}
  local dst = dev:texture2d{width = W, height = H, format = "R8G8B8A8_UNORM", data = ddata}
  dev:copy_region(dst, src, {x = 5, y = 3, box = {2, 1, 9, 5}})
  expect.bytes(dev:read(dst), blit(ddata, sdata, W, 2, 1, 5, 3, 7, 4), "region")
end)

test("UpdateSubresource of a box with a padded row pitch", function()
  local dev = d3d.device{}
  local ddata = util.pattern(W * H * 4, 7)
  local dst = dev:texture2d{width = W, height = H, format = "R8G8B8A8_UNORM", data = ddata}
  local pitch = 40 -- 6 texels of 4 bytes, then 16 bytes of padding
  local block = util.pattern(pitch * 3, 50)
  dev:update(dst, block, {box = {4, 2, 10, 5}, row_pitch = pitch})
  expect.bytes(dev:read(dst), blit(ddata, block, pitch // 4, 0, 0, 4, 2, 6, 3), "update")
end)

test("a buffer region", function()
  local dev = d3d.device{}
  local a = util.pattern(256, 3)
  local src = dev:buffer{size = 256, data = a}
  local dst = dev:buffer{size = 256, data = string.rep("\0", 256)}
  dev:copy_region(dst, src, {x = 100, box = {10, 0, 60, 1}})
  expect.bytes(dev:read(dst), string.rep("\0", 100) .. a:sub(11, 60) .. string.rep("\0", 106))
end)
