-- Tough colossal (mods/tough_colossal): the base Colossal critter replaced by
-- a variant with 3 hit points. The tests show the variant's rule, and that
-- the base script (scripts/powers/colossal_critter.lua) no longer plays: its
-- upgrade is not offered and its mark protects nothing.

local BOARD = [[
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 1 0 uno_light
    tile 2 0 uno_light
    critter A 0 0 dark
]]

local function texts()
  local out = {}
  for _, o in ipairs(options()) do out[#out + 1] = o.text end
  return out
end

local function count(words)
  local n = 0
  for _, t in ipairs(texts()) do
    if t:find(words, 1, true) then n = n + 1 end
  end
  return n
end

local function marks(player, index)
  local names = {}
  for name in pairs(game.critter(player, index).marks) do names[#names + 1] = name end
  table.sort(names)
  return table.concat(names, ",")
end

test("the variant's upgrade is offered instead of the base's", function()
  scenario("turn A claim\nhold A Colossal_critter\nresources A dark 4\n" .. BOARD)
  expect_eq(count("Colossal"), 1, "one upgrade per critter, not the base's and the variant's")
  expect_eq(count("Make A's critter at (0,0) Colossal, 3 hit points (4 resources)"), 1)
end)

test("an upgrade costs 4 and gives the critter both extra hit points", function()
  scenario("turn A claim\nhold A Colossal_critter\nresources A dark 4\n" .. BOARD)
  choose("Colossal")   -- one way to pay (4 dark): paid without a question
  expect_eq(marks(0, 1), "colossus,thick_hide")
  expect_eq(game.resources(0).dark, 0)
end)

test("a Colossal critter takes two blows, and is lost to the third", function()
  scenario("turn A claim\nhold A Colossal_critter\nresources A dark 4\n" .. BOARD)
  choose("Colossal")
  expect_eq(game.hit(0, 1), "spared", "first blow")
  expect_eq(marks(0, 1), "colossus", "after one blow it is still Colossal")
  expect_eq(game.hit(0, 1), "spared", "second blow")
  expect_eq(marks(0, 1), "", "after two blows it is an ordinary critter")
  expect_eq(game.hit(0, 1), "lost", "third blow")
  expect_eq(game.critter(0, 1).place, "hand")
end)

test("the base power's mark protects nothing: its handler no longer runs", function()
  -- "colossal" is the base script's mark; the base would spare this critter.
  scenario("turn A claim\nhold A Colossal_critter\n" .. BOARD .. "mark 0 0 1 colossal\n")
  expect_eq(marks(0, 1), "colossal")
  expect_eq(game.hit(0, 1), "lost")
end)

test("an eruption makes it flee for free, and takes one hit point", function()
  scenario("turn A target\nhold B Colossal_critter\n" .. BOARD .. [[
    critter B 1 0 light
    mark 1 0 1 colossus
    mark 1 0 1 thick_hide
  ]])
  choose("unleash the volcano on the stack at (1,0)")
  expect_eq(decision().player, 1, "B is asked where the critter flees")
  choose("to the light area at (2,0) paying nothing")
  local c = game.critter(1, 1)
  expect_eq(c.q .. "," .. c.r, "2,0")
  expect_eq(marks(1, 1), "colossus", "the eruption took one hit point")
end)

test("several ways to pay are asked in words, and the chosen one is paid", function()
  scenario("turn A claim\nhold A Colossal_critter\nresources A dark 3 medium 1 light 1\n" .. BOARD)
  choose("Colossal")
  expect_eq(decision().prompt, "Pay for the Colossal critter how?")
  choose("Pay 3 dark + 1 light")
  local have = game.resources(0)
  expect_eq(have.dark .. " " .. have.medium .. " " .. have.light, "0 1 0")
  expect_eq(marks(0, 1), "colossus,thick_hide")
end)

test("a Caldera bolt gives one more upgrade this turn", function()
  scenario("turn A claim\nhold A Colossal_critter\ncaldera A Colossal_critter\nresources A dark 4 light 4\n" ..
           BOARD .. "critter A 2 0 light\n")
  choose("Make A's critter at (0,0) Colossal")
  choose("Pay 4 dark")
  expect_eq(count("Colossal,"), 0, "a second upgrade was offered without a bolt")
  choose("Caldera card Colossal critter")
  choose("Make A's critter at (2,0) Colossal")
  expect_eq(marks(0, 2), "colossus,thick_hide")
end)

-- The variant's own mark scores the 3 points more (its scoring handler); a
-- critter with the thick hide as well scores no more than that.
test("a tough Colossal scores four points, with or without its thick hide", function()
  for _, extra in ipairs({ "", "mark 0 0 1 thick_hide\n" }) do
    scenario("hold A Colossal_critter\ntile 0 0 uno_dark\ncritter A 0 0 dark\nmark 0 0 1 colossus\n" .. extra)
    local a = game.score(0)
    expect_eq(a.critters + a.bonus, 4)
  end
end)
