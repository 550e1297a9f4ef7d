-- Herding critters
-- Critters joining a biome their owner controls form a herd, which moves as
-- one onto uncontrolled biomes, collects 2 and scores a point.

local game, ipairs = game, ipairs

local NAME = "Herding critters"
local PACK = "Pack critters"
local groups = require("groups")
local places = require("places")

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 2,
  abilities = { join = true },
  text = "Moving a critter into a biome you control forms a herd: it moves as one onto uncontrolled biomes, collects 2 for its biome, and scores 1 point.",
  ruling = "A critter may move into a biome its owner controls on its tile or a neighbouring one, forming a herd. In later move steps the herd moves as one (one move) onto an uncontrolled biome touching a tile where one of its critters stands or a tile next to one, if it has room for all of it. A herd collects 2 resources for its biome, keeps all of its lead in contests, and scores 1 point at the end. A player holding Pack critters too keeps the pack's rules.",
}

local function herds(player) return game.holds(player, NAME) and not game.holds(player, PACK) end

game.action{
  name = "herd_move",
  at = "move",
  card = NAME,
  holder = true,
  move = true,
  offers = function(player, offer)
    if not herds(player) then return end
    for _, m in ipairs(groups.moves(player, "free")) do
      offer(m.first.q, m.first.r, m.first.area, player, m.group.critters[1].index)
    end
  end,
  label = function(opt)
    return ("Move the herd of %s to the biome at %s"):format(places.critter(opt.critter), places.at(opt))
  end,
  perform = function(ev)
    groups.move(ev.player, ev.critter, ev.q, ev.r, ev.value, false)
  end,
}

on("contest", function(ev)
  for p = 0, game.players() - 1 do
    if ev.count[p] > 0 and herds(p) then groups.keep_all(ev, p) end
  end
end, 0, NAME)

on("collect_biome", function(ev)
  if herds(ev.player) then ev.amount = 2 end
end, 0, { card = NAME, holder = true, when = { critters = { min = 2 } } })

on("scoring", function(ev)
  if herds(ev.player) then ev.bonus = ev.bonus + #groups.of(ev.player) end
end, 0, { card = NAME, holder = true })
