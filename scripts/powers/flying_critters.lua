-- Flying critters
-- A critter may move onto any uncontrolled biome, any distance away.

local NAME = "Flying critters"
local places = require("places")
local uses = require("uses").new(NAME, 0)   -- holders fly through the card's reach; bolts give one flight

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 2,
  bolt = "move",
  abilities = { reach = "any" },
  text = "In your move step a critter may fly to any uncontrolled biome any distance away, even on an inhabited tile.",
  ruling = "Caldera bolt: in this move step one critter may fly, as the power allows.",
}

-- The bolt's flight: a move onto any uncontrolled biome area, anywhere.
game.action{
  name = "fly",
  at = "move",
  card = NAME,
  move = true,
  offers = function(player)
    if uses.left(player) <= 0 then return {} end
    local out = {}
    for _, biome in ipairs(game.biomes()) do
      local free = true
      for _, a in ipairs(biome.areas) do if a.critter then free = false end end
      if free then
        for _, a in ipairs(biome.areas) do
          for _, c in ipairs(game.critters(player)) do
            if c.place == "board" and not c.fixed and not a.closed and not (c.q == a.q and c.r == a.r) then
              out[#out + 1] = { critter = c, q = a.q, r = a.r, value = a.area }
            end
          end
        end
      end
    end
    return out
  end,
  label = function(opt)
    return ("Fly %s to the area %d at %s"):format(places.critter(opt.critter), opt.value, places.at(opt))
  end,
  perform = function(ev)
    uses.spend(ev.player)
    game.move_critter(ev.critter.player, ev.critter.index, ev.q, ev.r, ev.value)
  end,
}

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then uses.bolt(ev.player) end
end, 0, NAME)
