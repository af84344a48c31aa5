-- SPDX-License-Identifier: MIT
-- Helpers for the scripts in tests/scripts (require "lib.util").
local util = {}

-- n bytes, byte i = (i * 13 + seed) % 256: no two neighbours equal, so a
-- shifted or dropped byte shows.
function util.pattern(n, seed)
  local t = {}
  for i = 0, n - 1 do
    t[#t + 1] = string.char((i * 13 + seed) % 256)
  end
  return table.concat(t)
end

-- The bytes of one texel repeated n times.
function util.rep(texel, n)
  return string.rep(texel, n)
end

-- UNORM8 of a float in [0, 1], as D3D rounds it (round to nearest).
function util.unorm8(f)
  return math.floor(f * 255 + 0.5)
end

return util
