-- Hot lava: whoever activates a volcano may harness its heat, choosing one
-- reward or letting it go:
--   1. one extra critter move at the start of their next turn, or
--   2. one victory point at the end of the game.
-- The question has words (game.question); what the mod remembers lives in
-- engine-owned state (game.state), so it is saved with the game, copied into
-- a bot's look-ahead and replays exactly.

manifest = {
  name = "hot_lava",
  version = "2.0",
  description = "Activating a volcano earns a reward of your choice: a critter move or a point.",
}

local MOVE, POINT = 1, 2

-- Per seat: the moves and points banked.
local bank = game.state{ banked = game.per_player{ moves = 0, points = 0 } }.banked

local REWARD = game.question{
  name = "hot_lava_reward",
  prompt = "Harness the volcano's heat?",
  labels = { [MOVE] = "One extra critter move next turn", [POINT] = "One point at the end of the game" },
  pass = "Let it go",
  answer = function(ev)
    if ev.passed then return end
    local mine = bank[ev.player]
    if ev.value == MOVE then
      mine.moves = mine.moves + 1
    else
      mine.points = mine.points + 1
    end
  end,
}

on("volcano_activated", function(ev)
  REWARD:ask(ev.player, { MOVE, POINT })
end)

on("turn_start", function(ev)
  local mine = bank[ev.player]
  if mine.moves > 0 then
    ev.moves = math.min(ev.moves + mine.moves, 100)
    mine.moves = 0
  end
end)

on("scoring", function(ev)
  ev.bonus = ev.bonus + bank[ev.player].points
end)
