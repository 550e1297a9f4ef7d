-- Pack critters
-- Critters joining a biome their owner controls form a pack, which moves as
-- one onto any connecting biome, wiping out smaller opposition.

local game, ipairs = game, ipairs

local NAME = "Pack critters"
local groups = require("groups")
local places = require("places")

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 2,
  abilities = { join = true },
  text = "Move a critter into a biome you control to form a pack; a pack moves as one onto any connecting biome, wiping out smaller opposition.",
  ruling = "A critter may move into a biome its owner controls on its tile or a neighbouring one (the card's join ability), forming a pack of the critters there. In later move steps the pack moves as one (one move) onto a biome touching a tile where one of its critters stands or a tile next to one, controlled or not, if the biome has room for all of it: its free areas and those of every smaller opposition, which is wiped out first (a Colossal critter parries, losing its second hit point, and the pack then stays where it was, its move spent). A pack collects one resource per critter, keeps all of its lead in contests, and a larger pack overwhelms a smaller one. Burrowed critters are not wiped out.",
}

game.action{
  name = "pack_move",
  at = "move",
  card = NAME,
  holder = true,
  move = true,
  offers = function(player, offer)
    if not game.holds(player, NAME) then return end
    for _, m in ipairs(groups.moves(player, "any")) do
      offer(m.first.q, m.first.r, m.first.area, player, m.group.critters[1].index)
    end
  end,
  label = function(opt)
    return ("Move the pack of %s to the biome at %s"):format(places.critter(opt.critter), places.at(opt))
  end,
  perform = function(ev)
    groups.move(ev.player, ev.critter, ev.q, ev.r, ev.value, true)
  end,
}

on("contest", function(ev)
  for p = 0, game.players() - 1 do
    if ev.count[p] > 0 and game.holds(p, NAME) then groups.keep_all(ev, p) end
  end
end, 0, NAME)

on("collect_biome", function(ev) ev.amount = ev.critters end,
   0, { card = NAME, holder = true, when = { critters = { min = 2 } } })
