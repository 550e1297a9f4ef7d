-- The end-game sequence for the last land tile leaving the supply and for a
-- player's hand running empty (rulebook: End game conditions).
--   1. The turn in which the end is triggered finishes as usual.
--   2. Every other player then has one final turn (mode "final": move, buy and
--      activate volcanoes, buy points, claim, one sacrifice, no collection).
--   3. Finale turns follow (mode "finale": claim only) until no lava is left,
--      then the game is scored.
-- Engine variables: the stage (0 running, 1 final turns, 2 finale) and the
-- final turns still to give.

local STAGE, LEFT = game.slot("endgame.stage"), game.slot("endgame.final_turns_left")

on("end_triggered", function(ev)
  if game.var(STAGE) ~= 0 then return end
  if ev.reason ~= game.END.supply and ev.reason ~= game.END.hand_empty then return end
  game.set_var(STAGE, 1)
  game.set_var(LEFT, game.players() - 1)
end)

on("turn_start", function(ev)
  if game.var(STAGE) == 1 then
    if game.var(LEFT) > 0 then
      game.set_var(LEFT, game.var(LEFT) - 1)
      ev.mode = game.MODE.final
      return
    end
    game.set_var(STAGE, 2)
  end
  if game.var(STAGE) == 2 then
    if game.lava_count() == 0 then
      ev.over = 1
    else
      ev.mode = game.MODE.finale
    end
  end
end)
