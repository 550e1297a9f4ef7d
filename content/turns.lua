-- What a turn allows in each mode. The end-game scripts (scripts/endgame/)
-- choose the mode of every turn; normal is the main phase of the game.
return {
  -- Rounds in a row without progress after which the game ends (docs/rules.md,
  -- "A game without progress ends"): nobody bought, sacrificed, unlocked, claimed
  -- or lost a critter to hand, and no end was triggered.
  idle_rounds = 10,
  -- A game still going after this many turns ends, "stalled": a safety net that
  -- no game of the base rules reaches (reports count such games apart).
  turn_limit = 4000,
  normal = {
    move = true, claim = true, collect = true,
    buy = { "tiles", "volcano", "island", "caldera" },
    sacrifice = { "board", "hand" }, sacrifices_per_turn = 2,
  },
  -- The one final turn of each player after the end is triggered.
  final = {
    move = true, claim = true, collect = false,
    buy = { "volcano", "points" },
    sacrifice = { "board", "hand" }, sacrifices_per_turn = 1,
  },
  -- Turns after everyone's final turn, until all lava has reached the ocean.
  finale = {
    move = false, claim = true, collect = false,
    buy = {},
    sacrifice = {}, sacrifices_per_turn = 0,
  },
}
