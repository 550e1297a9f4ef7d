-- Moving whole islands (Rift and Converging tectonic plates): the choice of
-- island, the uses each holder has, and the advantage in the contests that
-- follow. new() declares engine-owned state and questions for the script
-- calling it, so it is called while that script loads.

local game, ipairs = game, ipairs

local places = require("places")

local M = {}

-- The use a move now would spend, or nil: once in the main game (mode
-- normal), once more in the holder's final turn (mode final).
local function use_of(S, player)
  local mode = game.mode()
  if mode == "normal" and not S.used_main[player] then return "main" end
  if mode == "final" and not S.used_final[player] then return "final" end
  return nil
end

-- spec: { card, noun ("rift" or "shift"), change ("split" or "shift"),
--         moves = function(island, limit) -> list of { q, r, ... } (where
--           the island's first tile would land; any other fields are for
--           perform), the same list each time the board is the same; with
--           limit, at most that many, the first of the whole list. A move is
--           asked as a choice whose value is its number in the list (a
--           choice's value defaults to its position),
--         label = function(choice, island) -> words for one of the moves
--           (choice.value: the move's number),
--         perform = function(island, move) (move: one of moves(island)) }
function M.new(spec)
  local S = game.state{
    used_main = game.per_player(false),
    used_final = game.per_player(false),
    bolts = game.per_player{ turn = 0, count = 0 },
    favour = game.per_player(0),   -- the turn in which the player moved land with this power
  }
  local self = {}

  local function allowed(player)
    local bolt = S.bolts[player].turn == game.turn() and S.bolts[player].count or 0
    return bolt > 0 or (game.holds(player, spec.card) and use_of(S, player) ~= nil)
  end

  local function spend(player)
    local b = S.bolts[player]
    if b.turn == game.turn() and b.count > 0 then
      b.count = b.count - 1
    elseif use_of(S, player) == "main" then
      S.used_main[player] = true
    else
      S.used_final[player] = true
    end
  end

  local WHERE = game.question{
    name = spec.noun .. "_where",
    prompt = "Where does the " .. spec.noun .. " take the island?",
    label = function(choice, q) return spec.label(choice, q.context.island) end,
    pass = "Keep the " .. spec.noun .. " for later",
    context = { island = game.place() },
    answer = function(ev)
      if ev.passed or not allowed(ev.player) or not ev.context.island then return end
      -- Still possible? (other answers may come first): the move numbered
      -- ev.value (its position in the list) must still land where the choice said.
      local m = spec.moves(ev.context.island, ev.value)[ev.value]
      if m and m.q == ev.q and m.r == ev.r then
        spend(ev.player)
        S.favour[ev.player] = game.turn()
        spec.perform(ev.context.island, m)
      end
    end,
  }

  local function ask_moves(player, island)
    WHERE:ask(player, spec.moves(island), { island = island })
  end

  local WHICH = game.question{
    name = spec.noun .. "_island",
    prompt = "Which island?",
    label = function(choice) return ("The island of %d tiles at %s"):format(choice.value, places.at(choice)) end,
    pass = "Keep the " .. spec.noun .. " for later",
    answer = function(ev)
      if not ev.passed and allowed(ev.player) then ask_moves(ev.player, { q = ev.q, r = ev.r }) end
    end,
  }

  -- The islands that can move, as choices (value: the island's stacks; one
  -- move is enough to know), in board order; one is asked about directly,
  -- with its moves.
  function self.offer(player)
    if not allowed(player) then return end
    local islands = {}
    for _, a in ipairs(game.islands("anchors")) do
      if #spec.moves(a, 1) > 0 then islands[#islands + 1] = { value = a.tiles, q = a.q, r = a.r } end
    end
    if #islands == 1 then ask_moves(player, islands[1]) else WHICH:ask(player, islands) end
  end

  function self.bolt(player)
    local b = S.bolts[player]
    if b.turn ~= game.turn() then b.turn, b.count = game.turn(), 0 end
    b.count = b.count + 1
  end

  -- Contests right after the move: a tie at the top goes to the mover, unless
  -- a Cooperative, Pack or Herding holder is among the players there.
  function self.contest(ev)
    local mover = game.active()
    if ev.after ~= spec.change or S.favour[mover] ~= game.turn() or ev.count[mover] == 0 then return end
    local top = 0
    for p = 0, game.players() - 1 do
      if ev.count[p] > top then top = ev.count[p] end
      if ev.count[p] > 0 and (game.holds(p, "Cooperative critters") or game.holds(p, "Pack critters") or
                              game.holds(p, "Herding critters")) then
        return
      end
    end
    if ev.count[mover] == top and ev.keep[mover] == 0 then
      for p = 0, game.players() - 1 do ev.keep[p] = 0 end
      ev.keep[mover] = 1
    end
  end

  return self
end

return M
