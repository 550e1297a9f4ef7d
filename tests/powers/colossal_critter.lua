-- Colossal critter: in the claim step a critter of the holder's may be
-- upgraded, once per claim step, for 4 resources of the payer's choosing
-- (each distinct payment an option) to a 2-hit-point Colossal critter. The
-- second hit point stops arriving lava, absorbs a magma bomb, and makes it
-- flee an eruption for free (lost only if no area can take it). Caldera bolt:
-- one more upgrade this turn, in the claim step.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function colossal(p, i) return game.critter(p, i).marks.colossal == true end

local function texts()
  local out = {}
  for _, o in ipairs(options()) do out[#out + 1] = o.text end
  table.sort(out)
  return table.concat(out, " | ")
end

-- A's critters on a dark Uno (0,0) and a light Uno (1,0); an uninhabited
-- medium Uno at (3,0) keeps the claim step open after an upgrade.
local function claiming(resources, extra)
  return ([[
    turn A claim
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 3 0 uno_medium
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter A 1 0 light
    critter B 6 0 medium
    resources A %s
  ]]):format(resources) .. (extra or "")
end

test("colossal critter upgrades a critter for four resources in the claim step", function()
  scenario(claiming("dark 5", "hold A Colossal_critter"))
  choose("Make A's critter at (0,0) Colossal")
  expect(colossal(0, 1), "the critter is not Colossal")
  expect(not colossal(0, 2), "the other critter became Colossal too")
  local r = game.resources(0)
  expect_eq(r.dark + r.medium + r.light, 1, "the upgrade did not cost four")
end)

test("colossal critter's payment is the payer's choice, each distinct payment an option", function()
  scenario(claiming("dark 3 medium 1 light 1", "hold A Colossal_critter"))
  choose("Make A's critter at (0,0) Colossal")
  expect_eq(decision().player, 0)
  expect_eq(texts(), "Pay 2 dark + 1 medium + 1 light | Pay 3 dark + 1 light | Pay 3 dark + 1 medium")
  choose("Pay 3 dark + 1 medium")
  local r = game.resources(0)
  expect_eq(r.dark, 0)
  expect_eq(r.medium, 0)
  expect_eq(r.light, 1, "the payer's choice was not what was paid")
  expect(colossal(0, 1))
end)

test("colossal critter's single possible payment is taken without a question", function()
  scenario(claiming("dark 2 medium 2", "hold A Colossal_critter"))
  choose("Make A's critter at (1,0) Colossal")
  expect_eq(decision().kind, "claim", "a question was asked about the only payment")
  expect(colossal(0, 2))
  expect_eq(game.resources(0).dark + game.resources(0).medium, 0)
end)

test("colossal critter upgrade needs four resources", function()
  scenario(claiming("dark 3", "hold A Colossal_critter"))
  expect(not offered("Colossal"), "offered for three resources")
end)

test("colossal critter upgrade is offered to the holder only", function()
  scenario(claiming("dark 4", "hold B Colossal_critter"))
  expect(not offered("Colossal"), "offered to a player without the power")
end)

test("colossal critter upgrade happens once per claim step", function()
  scenario(claiming("dark 3 medium 3 light 2", "hold A Colossal_critter"))
  choose("Make A's critter at (0,0) Colossal")
  choose("Pay 3 dark + 1 medium")
  expect_eq(decision().kind, "claim")
  expect(not offered("Colossal"), "a second upgrade was offered")
end)

test("colossal critter upgrade skips a critter that is Colossal already", function()
  scenario(claiming("dark 4", "hold A Colossal_critter\nmark 0 0 1 colossal"))
  expect(not offered("Make A's critter at (0,0)"), "a Colossal critter was offered again")
  expect(offered("Make A's critter at (1,0)"), "the regular critter was not offered")
end)

test("colossal critter bolt gives one more upgrade in the claim step", function()
  scenario(claiming("dark 4 medium 4", "hold A Colossal_critter\ncaldera A Colossal_critter"))
  choose("Make A's critter at (0,0) Colossal")
  choose("Pay 4 dark")
  choose("Caldera card Colossal critter")
  choose("Make A's critter at (1,0) Colossal")
  expect(colossal(0, 1) and colossal(0, 2), "the bolt gave no second upgrade")
end)

test("colossal critter bolt lets a player without the power upgrade once", function()
  scenario(claiming("dark 4 medium 4", "caldera A Colossal_critter"))
  expect(not offered("Make A's"), "an upgrade was offered before the bolt")
  choose("Caldera card Colossal critter")
  choose("Make A's critter at (0,0) Colossal")
  choose("Pay 4 dark")
  expect(colossal(0, 1))
  expect(not offered("Make A's"), "the bolt gave two upgrades")
end)

test("colossal critter bolt is offered in the claim step but not in the sacrifice step", function()
  scenario(claiming("dark 4", "caldera A Colossal_critter"))
  expect(offered("Caldera card Colossal critter"), "not offered in the claim step")
  pass()
  expect_eq(decision().kind, "sacrifice")
  expect(not offered("Caldera card Colossal critter"), "offered in the sacrifice step")
end)

-- B's volcano; A's Colossal critter on a dark Uno at (0,0), with `beside`
-- at (1,0) (a dark Uno: somewhere to flee; a light one: nowhere).
local function erupting(beside, extra)
  return ([[
    turn B target
    hold A Colossal_critter
    tile 0 0 uno_dark
    tile 1 0 %s
    tile -1 0 %s
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    mark 0 0 1 colossal
  ]]):format(beside, beside) .. (extra or "")
end

test("colossal critter must flee an eruption when an area can take it", function()
  scenario(erupting("uno_dark"))
  choose("on the stack at (0,0)")
  expect_eq(decision().kind, "evacuate")
  expect_eq(decision().player, 0)
  for _, o in ipairs(options()) do
    expect(o.verb == "evacuate", "an option other than fleeing: " .. o.text)
  end
  expect(offered("to the dark area at (1,0)") and offered("to the dark area at (-1,0)"),
         "the owner does not choose where it flees")
  choose("to the dark area at (-1,0)")
  local c = game.critter(0, 1)
  expect_eq(c.place, "board")
  expect_eq(c.q, -1)
  expect(not c.marks.colossal, "it kept its second hit point")
end)

test("colossal critter flees an eruption for free", function()
  scenario(erupting("uno_dark", "resources A dark 3"))
  choose("on the stack at (0,0)")
  choose("to the dark area at (1,0)")
  expect_eq(game.resources(0).dark, 3)
end)

test("colossal critter caught by an eruption is lost only when no area can take it", function()
  scenario(erupting("uno_light"))
  choose("on the stack at (0,0)")
  expect(decision().kind ~= "evacuate", "asked to flee with nowhere to go")
  expect_eq(game.critter(0, 1).place, "hand")
  expect(not game.critter(0, 1).marks.colossal, "a critter in hand is still Colossal")
end)

test("a regular critter caught by an eruption goes to hand", function()
  scenario[[
    turn B target
    hold A Colossal_critter
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  choose("on the stack at (0,0)")
  expect_eq(game.critter(0, 1).place, "hand")
end)

test("colossal critter migrating from a volcano with volcanic migration keeps both hit points", function()
  scenario(erupting("uno_dark", "hold A Volcanic_migration\nresources A dark 3"))
  choose("on the stack at (0,0)")
  choose("To the dark area at (1,0)")   -- one way to pay: paid without a question
  local c = game.critter(0, 1)
  expect_eq(c.q, 1)
  expect_eq(game.resources(0).dark, 0)
  expect(c.marks.colossal, "the migration cost a hit point")
end)

-- Lava at (1,0), on a soil stack of 2 ringed by soil stacks of 2 except
-- (0,0), its only lower neighbour, where A's critter stands.
local LAVA = [[
  turn B lava
  hold A Colossal_critter
  tile 0 0 uno_dark
  tile 6 0 uno_medium
  critter A 0 0 dark
  critter B 6 0 medium
  tile 1 0 soil
  tile 1 0 soil
  tile 2 0 soil
  tile 2 0 soil
  tile 2 -1 soil
  tile 2 -1 soil
  tile 1 -1 soil
  tile 1 -1 soil
  tile 1 1 soil
  tile 1 1 soil
  tile 0 1 soil
  tile 0 1 soil
  lava 1 0
]]

test("colossal critter stops lava, losing its second hit point", function()
  scenario(LAVA .. "mark 0 0 1 colossal")
  run()
  local c = game.critter(0, 1)
  expect_eq(c.place, "board")
  expect_eq(c.q, 0)
  expect(not c.marks.colossal, "it kept its second hit point")
  expect_eq(game.lava_count(), 0, "the lava was not removed")
  expect(not game.stack(0, 0).lava, "lava lies on its tile")
end)

test("a regular critter reached by lava with no way out is lost", function()
  scenario(LAVA)
  run()
  expect(game.critter(0, 1).place ~= "board")
end)

test("colossal critter loses a hit point to a magma bomb and stays", function()
  -- A's Colossal critters on all six neighbours of B's volcano, on biomes
  -- that do not join: wherever B's bomb lands it hits exactly one.
  scenario[[
    turn B target
    hold A Colossal_critter
    hold B Magma_bomb
    tile 0 0 uno_dark
    tile 1 0 uno_medium
    tile 1 -1 uno_light
    tile 0 -1 uno_medium
    tile -1 0 uno_light
    tile -1 1 uno_medium
    tile 0 1 uno_light
    critter A 1 0 medium
    critter A 1 -1 light
    critter A 0 -1 medium
    critter A -1 0 light
    critter A -1 1 medium
    critter A 0 1 light
    mark 1 0 1 colossal
    mark 1 -1 1 colossal
    mark 0 -1 1 colossal
    mark -1 0 1 colossal
    mark -1 1 1 colossal
    mark 0 1 1 colossal
    tile 6 0 uno_medium
    critter B 6 0 medium
  ]]
  choose("on the stack at (0,0)")
  choose("Throw it")
  local armoured = 0
  for _, c in ipairs(game.critters(0)) do
    if c.place == "board" and c.marks.colossal then armoured = armoured + 1 end
  end
  expect_eq(game.critters_on_land(0), 6, "a Colossal critter was wiped out")
  expect_eq(armoured, 5, "the bomb did not cost exactly one hit point")
end)

test("a Colossal critter scores four points", function()
  scenario[[
    hold A Colossal_critter
    tile 0 0 uno_dark
    critter A 0 0 dark
    mark 0 0 1 colossal
  ]]
  local a = game.score(0)
  expect_eq(a.critters + a.bonus, 4)
end)

test("a Colossal critter fleeing an eruption is told it must flee, not that lava reaches it", function()
  scenario[[
    turn B target
    hold A Colossal_critter
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
    mark 0 0 1 colossal
  ]]
  choose("on the stack at (0,0)")
  expect_eq(decision().kind, "evacuate")
  local prompt = decision().prompt
  expect(not prompt:find("Lava"), "prompt: " .. prompt)
  expect(prompt:find("must flee, for free", 1, true), "prompt: " .. prompt)
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("colossal critter bolt is not offered without 4 resources to pay", function()
  scenario(claiming("dark 2 light 1", "caldera A Colossal_critter"))
  expect(not offered("Caldera card Colossal critter"), "offered with 3 resources")
end)

test("colossal critter bolt is not offered when no critter could take the upgrade", function()
  scenario(claiming("dark 4", "caldera A Colossal_critter\nmark 0 0 1 colossal\nmark 1 0 1 colossal"))
  expect(not offered("Caldera card Colossal critter"), "offered with every critter Colossal already")
end)

test("colossal critter bolt is not offered to a holder who can pay for one upgrade only", function()
  scenario(claiming("dark 4 light 3", "hold A Colossal_critter\ncaldera A Colossal_critter"))
  expect(offered("Make A's critter at (0,0) Colossal"), "the holder's upgrade was not offered")
  expect(not offered("Caldera card Colossal critter"), "offered for a second upgrade with 7 resources")
end)
