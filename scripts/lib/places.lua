-- Small helpers for places ({ q, r } tables) and critters.

local game, ipairs = game, ipairs

local M = {}

function M.at(place) return ("(%d,%d)"):format(place.q, place.r) end

function M.same(a, b) return a ~= nil and b ~= nil and a.q == b.q and a.r == b.r end

-- "the light area at (2,0)": area `area` (from 1) of the stack at place p.
function M.area(p, area)
  return ("the %s area at (%d,%d)"):format(game.area_biome(p.q, p.r, area), p.q, p.r)
end

-- "A's critter at (1,-2)"
function M.critter(c)
  return ("%s's critter at (%d,%d)"):format(string.char(65 + c.player), c.q, c.r)
end

-- Whether every area of the biome holding (q, r, area) is free of critters.
function M.uncontrolled(q, r, area)
  local _, present = game.biome_of(q, r, area)
  return present == 0
end

-- "2 dark + 1 light"
function M.payment(p)
  local parts = {}
  for _, b in ipairs{ "dark", "medium", "light" } do
    if p[b] > 0 then parts[#parts + 1] = p[b] .. " " .. b end
  end
  return #parts > 0 and table.concat(parts, " + ") or "nothing"
end

return M
