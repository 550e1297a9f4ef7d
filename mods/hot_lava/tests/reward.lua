-- Hot lava (mods/hot_lava): whoever activates a volcano is asked, in words,
-- to take an extra critter move next turn or a point at the end, or neither.
--
-- The board: A has bought a volcano and targets (2,0); A's critter at (0,0)
-- has two dark areas to move to, so an extra move can be seen.

local BOARD = [[
    turn A target
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 2 0 uno_light
    tile 3 0 uno_dark
    tile 0 1 uno_dark
    tile 0 2 uno_dark
    critter A 0 0 dark
    critter B 3 0 dark
]]

local function texts()
  local out = {}
  for _, o in ipairs(options()) do out[#out + 1] = o.text end
  return table.concat(out, "; ")
end

-- Answers every decision with its first option (stop, pass, the first
-- choice) until A's move step.
local function on_to_As_move()
  for _ = 1, 40 do
    local d = decision()
    if d.player == 0 and d.kind == "move" then return end
    choose(1)
  end
  error("A's move step was not reached")
end

test("activating a volcano asks for a reward, in words", function()
  scenario(BOARD)
  choose("unleash the volcano on the stack at (2,0)")
  expect_eq(decision().prompt, "Harness the volcano's heat?")
  expect_eq(decision().player, 0)
  expect_eq(texts(), "Let it go; One extra critter move next turn; One point at the end of the game")
end)

test("an extra move is banked for the next turn, then spent", function()
  scenario(BOARD)
  choose("unleash the volcano on the stack at (2,0)")
  choose("One extra critter move next turn")
  on_to_As_move()
  choose("to the dark area at (0,1)")
  expect_eq(decision().kind, "move", "the second move was not given")
  choose("to the dark area at (0,2)")
  expect(decision().kind ~= "move", "more than one extra move was given")
end)

test("letting the heat go banks nothing", function()
  scenario(BOARD)
  choose("unleash the volcano on the stack at (2,0)")
  pass()
  on_to_As_move()
  choose("to the dark area at (0,1)")
  expect(decision().kind ~= "move", "a move was banked though A let the heat go")
end)
