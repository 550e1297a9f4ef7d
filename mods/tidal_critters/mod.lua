-- Tidal critters: a new power card. When lava reaches a critter of its holder
-- on a stack by the sea, the critter may slip away along the shore, to a free
-- area of its own biome on another stack by the sea, chosen in words.
--
-- It shows the recipe for taking a critter out of the lava by a question: the
-- critter_hit handler sets it aside (out of the lava's way, so the game stays
-- valid while its owner thinks), spares it, and asks; the answer puts it back.

manifest = {
  name = "tidal_critters",
  version = "1.0",
  description = "A new power card: critters by the sea slip away from lava along the shore.",
}

local NAME = "Tidal critters"

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 1,
  text = "When lava reaches one of your critters on a stack by the sea, it may slip away to a free area "
    .. "of its own biome on another stack by the sea.",
  ruling = "Only arriving lava, not an eruption. With nowhere to go, the critter evacuates or is lost as "
    .. "usual; declining the escape loses it to hand.",
}

-- Whether the stack at (q, r) is by the sea: game.shore lists the land stacks
-- next to the sea (game.coast is the sea's side of the same line).
local function by_the_sea(q, r)
  for sq, sr in game.each_shore() do
    if sq == q and sr == r then return true end
  end
  return false
end

-- Where critter c may slip away to: the free areas of its own biome type on
-- the other stacks by the sea without lava, as the question's choices.
local function escapes(c)
  local shore = {}
  for q, r in game.each_shore("free") do
    shore[q * 1000 + r] = true
  end
  local choices = {}
  for _, b in ipairs(game.biomes()) do
    if b.biome == c.biome then
      for _, a in ipairs(b.areas) do
        if not a.critter and not a.closed and shore[a.q * 1000 + a.r] and not (a.q == c.q and a.r == c.r) then
          choices[#choices + 1] = { q = a.q, r = a.r, value = a.area }
        end
      end
    end
  end
  return choices
end

local ESCAPE = game.question{
  name = "tidal_escape",
  prompt = function(q)
    return ("Lava reaches your critter at (%d,%d): where does it slip away to?"):format(q.context.from.q,
      q.context.from.r)
  end,
  label = function(choice) return ("Slip away to (%d,%d)"):format(choice.q, choice.r) end,
  pass = "Let the lava take it",
  context = { critter = 0, from = game.place() },
  answer = function(ev)
    if ev.passed then
      game.to_hand(ev.player, ev.context.critter)
    else
      game.move_critter(ev.player, ev.context.critter, ev.q, ev.r, ev.value)
    end
  end,
}

-- holder = true reads the event's player; critter_hit names none but the
-- critter's owner, which the gate reads then (who = "owner" says so outright).
on("critter_hit", function(ev)
  local c = game.critter(ev.owner, ev.critter)
  if not by_the_sea(ev.q, ev.r) then return end
  local choices = escapes(c)
  if #choices == 0 then return end   -- nowhere to go: evacuate or be lost, as usual
  game.set_aside(ev.owner, ev.critter)   -- out of the lava's way while its owner chooses
  ev.spared = true
  ESCAPE:ask(ev.owner, choices, { critter = ev.critter, from = { q = ev.q, r = ev.r } })
end, 0, { card = NAME, holder = true, when = { cause = "lava" } })
