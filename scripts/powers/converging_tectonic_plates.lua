-- Converging tectonic plates
-- Once in the main game (and again in the final turn) a whole island shifts
-- up to 2 spaces, stopping as soon as it touches another.

local game, ipairs = game, ipairs

local NAME = "Converging tectonic plates"
local islands = require("islands")

-- Whether some island can shift now (what a bolt's shift needs).
local function any_island_can_shift()
  for _, island in ipairs(game.islands("anchors")) do
    if #game.island_shifts(island.q, island.r, 1) > 0 then return true end   -- one is enough to know
  end
  return false
end

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 3,
  bolt = "buy",
  bolt_offer = any_island_can_shift,
  text = "Once in the main game (and again in your final turn) shift a whole island up to 2 spaces; it stops as soon as it touches another island.",
  ruling = "Offered as the holder's buy step begins: once in the main game, once more in their final turn. The island moves 1 or 2 spaces in one of six directions, a space at a time, stopping when it touches land; each shift is offered as where the island's first tile lands. Ties in the contests that follow go to the mover, unless a Cooperative, Pack or Herding holder is among them. Caldera bolt: one shift this turn, in the buy step, offered only while some island can shift.",
}

local C = islands.new{
  card = NAME,
  noun = "shift",
  change = "shift",
  moves = function(island, limit)   -- the shifts themselves
    return game.island_shifts(island.q, island.r, limit)
  end,
  label = function(choice, island)
    local s = island and game.island_shifts(island.q, island.r, choice.value)[choice.value]
    return s and ("Shift it %d space%s, its first tile landing at (%d,%d)"):format(s.steps,
      s.steps == 1 and "" or "s", choice.q, choice.r) or "This shift"
  end,
  perform = function(island, s)
    game.shift_island(island.q, island.r, s.dir, s.steps)
  end,
}

-- The buy step's offer is the holders' (a bolt's offer comes with the bolt,
-- below): the gate spares the Lua call at other phases and for others.
on("phase", function(ev) C.offer(ev.player) end, 0, { card = NAME, holder = true, when = { phase = "buy" } })
on("contest", C.contest, 0, NAME)
on("caldera_played", function(ev) C.bolt(ev.player); C.offer(ev.player) end, 0, { card = NAME, when = { card = NAME } })
