-- Where a scout may go, and the words for places and critters: pure
-- functions over the game, no state.

local M = {}

M.REACH = 2   -- a scout goes exactly this many steps from its tile

-- The critters of `player` that may set out: on the board, not held in
-- place (burrowed, frozen, ...), with somewhere to go.
function M.scouts(player)
  local out = {}
  for _, c in ipairs(game.critters(player)) do
    if c.place == "board" and not c.fixed and #M.destinations(c) > 0 then out[#out + 1] = c end
  end
  return out
end

-- Free, open areas of uncontrolled biomes on tiles exactly REACH steps from
-- critter c, as choices { q, r, value = area }, in board order.
function M.destinations(c)
  local out = {}
  for _, biome in ipairs(game.biomes()) do
    local controlled = false
    for _, a in ipairs(biome.areas) do
      if a.critter then controlled = true end
    end
    if not controlled then
      for _, a in ipairs(biome.areas) do
        if not a.closed and game.distance(c.q, c.r, a.q, a.r) == M.REACH then
          out[#out + 1] = { q = a.q, r = a.r, value = a.area }
        end
      end
    end
  end
  return out
end

-- "(1,-2)"
function M.at(place) return ("(%d,%d)"):format(place.q, place.r) end

-- "A's critter at (1,-2)"
function M.critter(c) return ("%s's critter at %s"):format(string.char(65 + c.player), M.at(c)) end

return M
