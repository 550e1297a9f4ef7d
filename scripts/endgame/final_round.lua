-- The end-game sequence for the last land tile leaving the supply and for a
-- player's hand running empty (rulebook: End game conditions).
--   1. The turn in which the end is triggered finishes as usual.
--   2. Every other player then has one final turn (mode "final": move, buy and
--      activate volcanoes, buy points, claim, one sacrifice, no collection).
--   3. Finale turns follow (mode "finale": claim only) until no lava is left,
--      then the game is scored.

local game = game

local S = game.state{
  stage = 0,        -- 0 running, 1 final turns, 2 finale
  final_left = 0,   -- final turns still to give
}

-- Not gated by the stage: the core ends the game with the triggering turn
-- when no script listens to end_triggered (turn.c), so this one always listens.
on("end_triggered", function(ev)
  if S.stage ~= 0 then return end
  local reason = ev.reason
  if reason ~= "supply" and reason ~= "hand_empty" then return end
  S.stage = 1
  S.final_left = game.players() - 1
end)

-- Each state field is read once a call: a read is a call into C.
on("turn_start", function(ev)
  if S.stage == 1 then
    local left = S.final_left
    if left > 0 then
      S.final_left = left - 1
      ev.mode = "final"
      return
    end
    S.stage = 2
  end
  -- stage 2 (the gate lets no other stage in)
  if game.lava_count() == 0 then
    ev.over = true
  else
    ev.mode = "finale"
  end
end, 0, { state = { S, stage = { 1, 2 } } })   -- no Lua call while the game runs on
