-- Rift
-- Once in the main game (and again in the final turn) an island splits in
-- two, one ocean space between the parts.

local game, ipairs = game, ipairs

local NAME = "Rift"
local islands = require("islands")

-- Whether some island can be split now (what a bolt's rift needs); an
-- island of one tile cannot.
local function any_island_can_rift()
  for _, island in ipairs(game.islands("anchors")) do
    if island.tiles >= 2 and #game.island_splits(island.q, island.r, 1) > 0 then return true end   -- one is enough to know
  end
  return false
end

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 4,
  bolt = "buy",
  bolt_offer = any_island_can_rift,
  text = "Once in the main game (and again in your final turn) split an island in two, leaving one ocean space between the parts.",
  ruling = "Offered as the holder's buy step begins: once in the main game, once more in their final turn. The line is straight, between two rows of hexes on one of three axes, and crosses the island; the chosen part moves one space straight away from it into open ocean. Each rift is offered as where the moving part's first tile lands. Ties in the contests that follow go to the rifter, unless a Cooperative, Pack or Herding holder is among them. Caldera bolt: one rift this turn, in the buy step, offered only while some island can be split (an island of one tile cannot).",
}

local R = islands.new{
  card = NAME,
  noun = "rift",
  change = "split",
  moves = function(island, limit)   -- the splits themselves
    return game.island_splits(island.q, island.r, limit)
  end,
  label = function(choice, island)
    local x = island and game.island_splits(island.q, island.r, choice.value)[choice.value]
    return x and ("Split off %d tile%s, the first landing at (%d,%d)"):format(x.tiles, x.tiles == 1 and "" or "s",
      choice.q, choice.r) or "This rift"
  end,
  perform = function(island, x)
    game.split_island(island.q, island.r, x.axis, x.line, x.dir)
  end,
}

-- The buy step's offer is the holders' (a bolt's offer comes with the bolt,
-- below): the gate spares the Lua call at other phases and for others.
on("phase", function(ev) R.offer(ev.player) end, 0, { card = NAME, holder = true, when = { phase = "buy" } })
on("contest", R.contest, 0, NAME)
on("caldera_played", function(ev) R.bolt(ev.player); R.offer(ev.player) end, 0, { card = NAME, when = { card = NAME } })
