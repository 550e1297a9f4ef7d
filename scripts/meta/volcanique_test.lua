---@meta volcanique_test
-- LuaLS annotations for Volcanique's rules-test files (tests/powers/*.lua,
-- mods/NAME/tests/*.lua), run by `volcanique test`: the functions their
-- environment adds to the API of volcanique.lua. The reference in prose is
-- "Rules tests" in docs/lua-api.md.

---The pending decision.
---@class TestDecision
---@field kind DecisionKind
---@field player Player who decides
---@field prompt string what the players read

---One option of the pending decision.
---@class TestOption
---@field index integer from 1, as choose(index) takes it
---@field text string the words players read
---@field verb string what kind of option it is ("pass", "move", "choose", "action", ...)
---@field q? integer the place it refers to
---@field r? integer

---Registers a test; tests run after the file loaded, in order, each from an empty game.
---@param name string
---@param fn fun()
function test(name, fn) end

---Builds the position `text` describes (engine/core/scenario.h's format, plus
---`hold P CARD`, `mark Q R NAME` and `mark Q R AREA NAME`) and makes it the
---test's game, with the rules scripts attached.
---@param text string
function scenario(text) end

---@return TestDecision
function decision() end

---@return TestOption[]
function options() end

---Applies the option whose words contain `what` (exactly one must), or option number `what`.
---@param what string|integer
function choose(what) end

---Applies the pending decision's pass option.
function pass() end

---Lets the engine go on to the next real choice.
function run() end

---Fails the test unless `cond` holds.
---@param cond any
---@param message? string
function expect(cond, message) end

---Fails the test unless `got` and `want` are raw-equal, showing both.
---@param got any
---@param want any
---@param message? string
function expect_eq(got, want, message) end
