---@meta volcanique
-- LuaLS (lua-language-server) annotations for Volcanique's rules scripts and
-- mods: every global, every game.* function, every event and its fields, the
-- tables the API takes and gives. The engine never loads this file
-- (scripts/meta/ is not a rules folder). Point your editor at it, in .luarc.json:
--   { "workspace.library": ["scripts/meta"], "runtime.version": "Lua 5.4" }
-- volcanique_test.lua beside it adds the functions of rules-test files.
-- The reference in prose is docs/lua-api.md; tests/script/test_api_docs.c
-- checks that both name everything the engine has.

---A player number, from 0.
---@alias Player integer
---@alias Biome "dark"|"medium"|"light"
---@alias TileClass "uno"|"duo"|"trio"|"volcano"|"soil"
---@alias CritterPlace "hand"|"board"|"crater"|"grid"|"aside"|"unused"
---@alias Phase "setup"|"move"|"buy"|"claim"|"sacrifice"|"collect"|"lava"|"over"
---@alias Mode "normal"|"final"|"finale"
---@alias Cause "covered"|"lava"|"eruption"|"contest"|"keep"|"takeover"|"turned"|"removed"|"slide"|"script"|"overflow"|"move"|"migrate"|"evacuate"|"flee"
---@alias CostItem "uno"|"duo"|"trio"|"volcano"|"island"|"caldera"|"sacrifice"|"evacuation"|"point"
---@alias LandChange "none"|"soil"|"island"|"shift"|"split"|"slide"|"removed"
---@alias DecisionKind "setup_tile"|"setup_critter"|"bonus"|"move"|"buy"|"place"|"migrate"|"keep"|"target"|"unlock"|"evacuate"|"island"|"claim"|"sacrifice"|"discard"|"script"|"erupt"|"lava_flow"|"game_over"
---An end reason: the base game's, or one a script registered with game.end_reason.
---@alias EndReason "none"|"supply"|"hand_empty"|"stalled"|"no_progress"|string
---A power card's name, or its index from 0.
---@alias CardRef string|integer

-- ---------------------------------------------------------------- events

---Fields every event carries.
---@class Event
---@field name string read-only: the event's name

---Set-up is done; the first turn is about to begin.
---@class Event.game_start: Event
---@field first_player integer read-only: the player who takes the first turn

---A turn begins: handlers may change what it allows.
---@class Event.turn_start: Event
---@field player integer read-only: whose turn it is
---@field turn integer read-only: turns started so far, this one included
---@field mode Mode writable: what the turn allows: normal, final or finale
---@field moves integer writable, 0..100: critter moves the move step allows
---@field buy boolean writable: whether the buy step happens
---@field claim boolean writable: whether the claim step happens
---@field sacrifice boolean writable: whether the sacrifice step happens
---@field over boolean writable: true ends the game before this turn is played

---A step of the turn begins.
---@class Event.phase: Event
---@field player integer read-only: whose turn it is
---@field phase Phase read-only: the step that begins

---Query: Query: whose critters make a stack a legal target this turn.
---@class Event.targets: Event
---@field player integer read-only: who is placing a tile or a volcano
---@field players integer writable, 0..31: bit p set: stacks holding player p's critters are fair game
---@field uninhabited boolean writable: whether stacks with no critter on them are fair game

---Query: Query: the price of something a player may buy or pay for.
---@class Event.cost: Event
---@field player integer read-only: who pays
---@field item CostItem read-only: what is priced
---@field any integer writable, 0..15: resources of any types
---@field alike integer writable, 0..15: or this many of one type (0: no such price)
---@field each integer writable, 0..5: plus this many of each type
---@field distinct boolean writable: the `any` resources must all be of different types

---A bought tile was placed: how many more tiles this turn allows.
---@class Event.buy_limit: Event
---@field player integer read-only: who bought
---@field bought integer read-only: tiles bought this turn
---@field soil integer read-only: of those, tiles placed on volcanic soil
---@field on_soil boolean read-only: whether this tile went onto soil
---@field extra integer writable, 0..20: tiles allowed beyond the first this turn

---A land tile was stacked (bought, or part of an island).
---@class Event.tile_placed: Event
---@field player integer read-only: who placed it
---@field q integer read-only: where: axial q
---@field r integer read-only: where: axial r
---@field type integer read-only: tile type index (game.stack names it)
---@field height integer read-only: the stack's height now
---@field island boolean read-only: part of a summoned island

---Land appeared, moved or went: soil formed, an island was summoned, shifted or split, a tile slid or was removed.
---@class Event.land_changed: Event
---@field player integer read-only: whose turn it is
---@field change LandChange read-only: soil, island, shift, rift, slide or removed
---@field q integer read-only: a position it happened at: axial q
---@field r integer read-only: a position it happened at: axial r

---A biome holds critters of several players, or several of one: who keeps how many (the rest go to hand).
---@class Event.contest: Event
---@field player integer read-only: whose turn it is
---@field q integer read-only: a tile of the biome: axial q
---@field r integer read-only: a tile of the biome: axial r
---@field area integer read-only: the area of that tile (from 1)
---@field players integer read-only: bit p set: player p has critters there
---@field after LandChange read-only: what last changed the land before this, if anything
---@field count table<integer, integer> read-only: critters each player has there
---@field keep table<integer, integer> writable, 0..24: critters each player keeps (the base rule filled in)

---A volcano's target was chosen; it erupts once the questions asked here are answered.
---@class Event.volcano_targeted: Event
---@field player integer read-only: who set it off
---@field q integer read-only: target: axial q
---@field r integer read-only: target: axial r

---A volcano's blow has fallen on its target's critters; the Volcano tile lands next (the top tile may change).
---@class Event.volcano_landing: Event
---@field player integer read-only: who set it off
---@field q integer read-only: where: axial q
---@field r integer read-only: where: axial r

---A volcano was stacked and activated.
---@class Event.volcano_activated: Event
---@field player integer read-only: who set it off
---@field q integer read-only: where: axial q
---@field r integer read-only: where: axial r
---@field lava boolean writable: whether lava leaves it (false: a quiet volcano)

---A player unlocked a power (slot -1: held from the start).
---@class Event.power_unlocked: Event
---@field player integer read-only: who unlocked it
---@field slot integer read-only: the Power Grid slot, -1 when held from the start
---@field card integer read-only: power card index (game.card)

---Lava is about to move from one position to a neighbour.
---@class Event.lava_flow: Event
---@field flow integer read-only: the flow's number among this step's flows
---@field q integer read-only: from: axial q
---@field r integer read-only: from: axial r
---@field to_q integer read-only: to: axial q
---@field to_r integer read-only: to: axial r

---Lava arrived at a position.
---@class Event.lava_moved: Event
---@field q integer read-only: where it arrived: axial q
---@field r integer read-only: where it arrived: axial r
---@field ocean boolean read-only: it reached the ocean

---A critter takes a blow: handlers may spare it, make it flee, or stop what hit it.
---@class Event.critter_hit: Event
---@field owner integer read-only: the critter's owner
---@field critter integer read-only: its index (from 1)
---@field q integer read-only: where it stands: axial q
---@field r integer read-only: where it stands: axial r
---@field cause Cause read-only: what hit it: eruption, lava, slide, takeover or script
---@field spared boolean writable: true: unharmed, it stays where it is; from lava not stopped or a sliding tile it flees as flee does
---@field flee boolean writable: true: it must flee to its biome elsewhere, for free
---@field stop boolean writable: true: what hit it stops (lava is removed, a mover goes home; a slide is not stopped: as spared)

---A critter moved to another area of the board.
---@class Event.critter_moved: Event
---@field owner integer read-only: the critter's owner
---@field critter integer read-only: its index (from 1)
---@field from_q integer read-only: from: axial q
---@field from_r integer read-only: from: axial r
---@field q integer read-only: to: axial q
---@field r integer read-only: to: axial r
---@field area integer read-only: to: area (from 1)
---@field cause Cause read-only: move, migrate, evacuate, flee or script

---A critter went back to its owner's hand.
---@class Event.critter_removed: Event
---@field owner integer read-only: the critter's owner
---@field critter integer read-only: its index (from 1)
---@field q integer read-only: where it stood: axial q
---@field r integer read-only: where it stood: axial r
---@field cause Cause read-only: why: covered, lava, eruption, contest, keep, takeover, turned, removed, slide, script, overflow

---A player is about to collect resources.
---@class Event.collect: Event
---@field player integer read-only: who collects
---@field allowed boolean writable: whether anything is collected this time
---@field cap integer writable, 0..60: resources the player may keep afterwards

---A player collects from one biome they control.
---@class Event.collect_biome: Event
---@field player integer read-only: who collects
---@field q integer read-only: a tile of the biome: axial q
---@field r integer read-only: a tile of the biome: axial r
---@field area integer read-only: the area of that tile (from 1)
---@field biome integer read-only: the resource type: 0 dark, 1 medium, 2 light
---@field critters integer read-only: the player's critters there that collect
---@field amount integer writable, 0..20: resources to take (the supply permitting)

---An island is summoned: how many tiles it has.
---@class Event.island: Event
---@field player integer read-only: who summons it
---@field tiles integer writable, 1..6: tiles it has
---@field optional integer writable, 0..5: of those, the last ones the player may decline

---A Caldera card was played for its one-off effect.
---@class Event.caldera_played: Event
---@field player integer read-only: who played it
---@field card integer read-only: power card index

---A turn ends.
---@class Event.turn_end: Event
---@field player integer read-only: whose turn ends
---@field lava integer read-only: lava tokens on the board
---@field over boolean writable: true ends the game with this turn

---The end of the game was triggered (the first trigger only).
---@class Event.end_triggered: Event
---@field player integer read-only: whose turn it is
---@field reason EndReason read-only: what triggered it

---A player's score is being counted.
---@class Event.scoring: Event
---@field player integer read-only: whose score
---@field critters integer read-only: points for critters on land
---@field sacrifices integer read-only: critters in the crater
---@field bonus integer writable, -1000..1000: points added: marked critters' points, then the rules scripts'

---Registers `handler(ev)` for the named event while the file loads (see docs/lua-api.md).
---@overload fun(event: "game_start", handler: fun(ev: Event.game_start), priority?: integer, gate?: Gate)
---@overload fun(event: "turn_start", handler: fun(ev: Event.turn_start), priority?: integer, gate?: Gate)
---@overload fun(event: "phase", handler: fun(ev: Event.phase), priority?: integer, gate?: Gate)
---@overload fun(event: "targets", handler: fun(ev: Event.targets), priority?: integer, gate?: Gate)
---@overload fun(event: "cost", handler: fun(ev: Event.cost), priority?: integer, gate?: Gate)
---@overload fun(event: "buy_limit", handler: fun(ev: Event.buy_limit), priority?: integer, gate?: Gate)
---@overload fun(event: "tile_placed", handler: fun(ev: Event.tile_placed), priority?: integer, gate?: Gate)
---@overload fun(event: "land_changed", handler: fun(ev: Event.land_changed), priority?: integer, gate?: Gate)
---@overload fun(event: "contest", handler: fun(ev: Event.contest), priority?: integer, gate?: Gate)
---@overload fun(event: "volcano_targeted", handler: fun(ev: Event.volcano_targeted), priority?: integer, gate?: Gate)
---@overload fun(event: "volcano_landing", handler: fun(ev: Event.volcano_landing), priority?: integer, gate?: Gate)
---@overload fun(event: "volcano_activated", handler: fun(ev: Event.volcano_activated), priority?: integer, gate?: Gate)
---@overload fun(event: "power_unlocked", handler: fun(ev: Event.power_unlocked), priority?: integer, gate?: Gate)
---@overload fun(event: "lava_flow", handler: fun(ev: Event.lava_flow), priority?: integer, gate?: Gate)
---@overload fun(event: "lava_moved", handler: fun(ev: Event.lava_moved), priority?: integer, gate?: Gate)
---@overload fun(event: "critter_hit", handler: fun(ev: Event.critter_hit), priority?: integer, gate?: Gate)
---@overload fun(event: "critter_moved", handler: fun(ev: Event.critter_moved), priority?: integer, gate?: Gate)
---@overload fun(event: "critter_removed", handler: fun(ev: Event.critter_removed), priority?: integer, gate?: Gate)
---@overload fun(event: "collect", handler: fun(ev: Event.collect), priority?: integer, gate?: Gate)
---@overload fun(event: "collect_biome", handler: fun(ev: Event.collect_biome), priority?: integer, gate?: Gate)
---@overload fun(event: "island", handler: fun(ev: Event.island), priority?: integer, gate?: Gate)
---@overload fun(event: "caldera_played", handler: fun(ev: Event.caldera_played), priority?: integer, gate?: Gate)
---@overload fun(event: "turn_end", handler: fun(ev: Event.turn_end), priority?: integer, gate?: Gate)
---@overload fun(event: "end_triggered", handler: fun(ev: Event.end_triggered), priority?: integer, gate?: Gate)
---@overload fun(event: "scoring", handler: fun(ev: Event.scoring), priority?: integer, gate?: Gate)
---@param event string
---@param handler fun(ev: Event)
---@param priority? integer higher runs first (default 0); ties in registration order
---@param gate? Gate run only while a card is in play, in a variant, or with enough players
function on(event, handler, priority, gate) end

---A handler's condition, checked before any Lua runs: a card name, or a table.
---@alias Gate string|GateSpec

---An integer event field's range in a gate's `when`: either bound may be left out.
---@class WhenRange
---@field min? integer
---@field max? integer

---@class GateSpec
---@field card? string run only while this power card is in play
---@field variant? "symbiosis"|"to_the_left" run only in this variant
---@field min_players? integer 2..5: run only with at least this many players
---@field holder? boolean with `card`: run only when the event's player (the field `who` names) holds that card (true) or does not (false) (events that name a player)
---@field who? "player"|"owner" the event's field that names the player for `holder` and `uses`: "player" where the event has one, else "owner" (critter_hit, critter_moved, critter_removed)
---@field when? table<string, integer|boolean|string|WhenRange> run only while each of these event fields holds its value, or (integer fields) lies in its range (a card field: the card's name, as `{ card = NAME }` on caldera_played)
---@field state? table `{ S, field = value or { values } }`: run only while each field of the game.state table `S` (integer 0..63 or boolean) holds one of its values
---@field uses? Uses run only while the event's player (the field `who` names) has a use of this counter left (events that name a player)

-- ----------------------------------------------------------- power cards

---What holding a card lets its holder do, read by the core with no Lua call.
---@class CardAbilities
---@field reach? "tile"|"adjacent"|"any" onto uncontrolled biomes this far away ("tile": the base rule)
---@field join? boolean may move a critter into a biome its owner controls, on its tile or a neighbouring one
---@field resource_cap? integer 1..15: may keep this many resources after collection (the larger of it and the rules' cap; "collect" handlers see it as ev.cap)
---@field moves? integer 1..9: the holder's turns begin with at least this many critter moves ("turn_start" handlers see it as ev.moves)
---@field crater_points? integer 1..9: each critter in the holder's crater scores this many points (those above 1 in the scoring bonus)

---@class CardSpec
---@field name string 1..31 characters, unique
---@field levels integer[] { min, max } within 1..5: the Power Grid levels it may be dealt to
---@field stars integer 0..9
---@field middle? boolean dealt only to a middle-column slot
---@field text? string the card's text
---@field ruling? string how the engine rules it where the text is silent
---@field bolt? boolean|DecisionKind|DecisionKind[] where a Caldera copy may be played for its one-off effect (true: any decision of the owner's turn)
---@field bolt_offer? fun(player: Player): boolean whether playing the bolt now would change something (asked read-only; false: not offered)
---@field bolt_needs? Needs what the player must have for the bolt to be offered (checked before bolt_offer, with no Lua call)
---@field abilities? CardAbilities
---@field replaces? string a card declared earlier that this one takes the place of (its script's handlers are dropped)

---While the rules load (scripts and mods): declares a power card; returns its index.
---@param spec CardSpec
---@return integer index
function card(spec) end

---While the rules load: takes a card declared earlier, and its script, out of the game.
---@param name string
function remove_card(name) end

---While the rules load. A base script: scripts/lib/<modname>.lua. A mod:
---mods/<mod>/<modname>.lua, or scripts/lib/NAME.lua as "base.NAME".
---Runs once per requiring script (per mod) and returns its result (true for none).
---@param modname string letters, digits and _ (and the "base." prefix in mods)
---@return any
function require(modname) end

---Mods only: the manifest, if mod.lua does not return it.
---@class Manifest
---@field name string the mod folder's name
---@field version string
---@field description? string
---@field depends? string[] mods that load (and register) first

---@type Manifest?
manifest = nil

-- ------------------------------------------------------ tables the API gives

---@class Place
---@field q integer axial q
---@field r integer axial r

---@class Neighbour: Place
---@field dir integer 1..6, clockwise from east

---@class Critter
---@field player Player
---@field index integer from 1
---@field place CritterPlace
---@field q? integer on the board, or set aside at a position
---@field r? integer
---@field area? integer from 1, on the board
---@field biome? Biome on the board
---@field fixed? boolean on the board: it may not leave (a `stays` mark or a `no_leave` cell)
---@field peaceful? boolean on the board: a `peaceful` mark
---@field marks table<string, true> its critter marks

---@class CritterRef
---@field player Player
---@field index integer from 1

---@class StackLayer
---@field tile string the tile's type (content/tiles.lua)
---@field rotation integer 0..5

---@class Stack
---@field height integer 0 on the ocean
---@field lava boolean
---@field critters integer how many critters stand on it
---@field top? TileClass the top tile's class
---@field tile? string the top tile's type (content/tiles.lua)
---@field rotation? integer 0..5
---@field areas? integer areas of the top tile
---@field under? TileClass the class of the tile beneath the top one
---@field layers StackLayer[] every tile of the stack, from the top down
---@field marks table<string, true> its cell marks
---@field no_build? true
---@field no_enter? true
---@field no_leave? true
---@field no_collect? true

---@class BiomeArea: Place
---@field area integer from 1
---@field free? boolean no critter stands there (game.biome_areas only)
---@field closed boolean lava or a `no_enter` mark there
---@field critter? Critter who stands there

---@class BiomeRegion
---@field id integer the biome's id: its index in game.biomes(), as game.biome_of gives it
---@field biome Biome
---@field tiles integer
---@field edges integer
---@field areas BiomeArea[]

---@class Resources
---@field dark integer
---@field medium integer
---@field light integer

---@class Supply: Resources
---@field land integer land tiles left
---@field volcanoes integer Volcano tiles left

---A price, as the `cost` event's fields.
---@class Price
---@field any? integer
---@field alike? integer
---@field each? integer
---@field distinct? boolean

---@class LavaFlow: Place
---@field to_q integer
---@field to_r integer

---@class CardInfo
---@field index integer
---@field name string
---@field stars integer
---@field level_min integer
---@field level_max integer
---@field bolt boolean

---@class IslandShift: Place
---@field dir integer 1..6
---@field steps integer spaces it travels

---@class Rift: Place
---@field axis integer 1 q, 2 r, 3 s
---@field line integer
---@field dir integer 1..6
---@field tiles integer stacks that move

---An island named by its anchor (its first stack in board order).
---@class IslandAnchor: Place
---@field tiles integer its stacks

-- ------------------------------------------------------------ the library

---The game being handled, and the declarations scripts make while they load.
game = {}

---@return integer
function game.players() end
---@return Player
function game.active() end
---@return Player
function game.first_player() end
---@return integer turns started so far (0 during set-up)
function game.turn() end
---@return Mode
function game.mode() end
---@return Phase
function game.phase() end
---@return string variant "symbiosis", "to_the_left" or ""
function game.variant() end
---@return integer
function game.lava_count() end
---@return EndReason? reason nil until the end is triggered
function game.end_triggered() end
---@return Player
function game.trigger_player() end
---@return integer
function game.targeting_threshold() end
---@param player Player
---@return integer
function game.critters_on_land(player) end
---@param player Player
---@return integer
function game.hand(player) end
---@param player Player
---@return integer
function game.crater(player) end
---@class ScoreLine
---@field critters integer
---@field edges integer
---@field volcanoes integer
---@field sacrifices integer
---@field tallest integer
---@field largest integer
---@field diversified integer
---@field caldera integer
---@field bought integer
---@field bonus integer
---@field total integer
---@class MoveTarget
---@field q integer
---@field r integer
---@field area integer
---Where that critter could move now (move rules and its owner's abilities), whatever the decision.
---@param player Player
---@param index integer
---@return MoveTarget[]
function game.move_targets(player, index) end
---@class TurnState
---@field player Player the active player
---@field moves_left integer
---@field buys_made integer
---@field buys_allowed integer
---@field caldera_bought integer
---@field sacrificed_board integer
---@field sacrificed_hand integer
---@field sacrifices_allowed integer
---The active player's turn so far; with a field's name, that value alone
---(no table built).
---@param name? "player"|"moves_left"|"buys_made"|"buys_allowed"|"caldera_bought"|"sacrificed_board"|"sacrificed_hand"|"sacrifices_allowed"
---@return TurnState|integer
function game.turn_state(name) end
---@alias PricedItem "uno"|"duo"|"trio"|"volcano"|"island"|"caldera"|"sacrifice"|"evacuation"|"point"
---What an item costs that player now, after the cost handlers.
---@param player Player
---@param item PricedItem
---@return Price
function game.price(player, item) end
---@alias RuleName "critters_per_player"|"resource_cap"|"crater_capacity"|"resources_per_type"|"later_player_bonus"|"volcanoes_per_player"|"targeting_threshold"|"island_crater_critters"|"island_tiles"|"island_max_distance"|"cliffs_block_biomes"|"cools_in_place"
---A number of the rules (content/), or one of their options as a boolean
---(cliffs_block_biomes, cools_in_place).
---@param name RuleName
---@return integer|boolean
function game.rule(name) end
---The names of the Caldera cards in that player's hand.
---@param player Player
---@return string[]
function game.caldera(player) end
---The stacks a volcano the active player sets off could erupt on now.
---@return Place[]
function game.volcano_targets() end
---@class LavaToken: Place
---@field ocean boolean it will cool into soil
---Every lava token.
---@return LavaToken[]
function game.lava() end
---A walk of game.lava: `for q, r, ocean in game.each_lava() do`. A snapshot, used once.
---@return fun(walk: any): integer?, integer?, boolean? step q, r, ocean
---@return any walk
function game.each_lava() end
---The score the player would have if the game ended now (the scoring handlers run for it).
---@param player Player
---@return ScoreLine
function game.score(player) end
---With a name, that number alone (no table built).
---@param player Player
---@param name? "dark"|"medium"|"light"|"total"
---@return Resources|integer
function game.resources(player, name) end
---With a name, that number alone (no table built).
---@param name? "dark"|"medium"|"light"|"land"|"volcanoes"
---@return Supply|integer
function game.supply(name) end
---Every critter of the player by index, or only those at `place`.
---@param player Player
---@param place? "hand"|"board"|"crater"|"grid"|"aside"
---@return Critter[]
function game.critters(player, place) end
---@class CritterAt: CritterRef
---@field q? integer on the board, or set aside at a position
---@field r? integer
---@field area? integer from 1, on the board
---The same critters as game.critters, each only { player, index, q, r, area }: about half the cost.
---@param player Player
---@param place? "hand"|"board"|"crater"|"grid"|"aside"
---@return CritterAt[]
function game.critter_places(player, place) end
---A walk of game.critter_places: `for index, q, r, area in game.each_critter_places(p, "board") do`,
---without a table per critter (q, r nil without a position; area nil off the board). A snapshot, used once.
---@param player Player
---@param place? "hand"|"board"|"crater"|"grid"|"aside"
---@return fun(walk: any): integer?, integer?, integer?, integer? step index, q, r, area
---@return any walk
function game.each_critter_places(player, place) end
---Whether the critter bears that critter mark, without building its table.
---@param player Player
---@param index integer
---@param name string a critter mark
---@return boolean
function game.critter_marked(player, index, name) end
---@param player Player
---@param index integer from 1
---@return Critter
function game.critter(player, index) end
---@param q integer
---@param r integer
---@return Critter[]
function game.critters_at(q, r) end
---@param q integer
---@param r integer
---@return Stack
function game.stack(q, r) end
---One value of game.stack(q, r) per name, without building the stack table.
---@param q integer
---@param r integer
---@param name "height"|"lava"|"top"|"tile"|"rotation"|"areas"|"under"|"no_build"|"no_enter"|"no_leave"|"no_collect"|"critters"
---@param ... string more names: one value each, in order
---@return integer|string|boolean|nil ...
function game.stack_field(q, r, name, ...) end
---@param min_height? integer only the stacks at least this many tiles high
---@return Place[] land every land stack, in board order
function game.land(min_height) end
---A walk of game.land: `for q, r in game.each_land() do`, without a table per stack. A snapshot, used once.
---@param min_height? integer
---@return fun(walk: any): integer?, integer? step q, r
---@return any walk
function game.each_land(min_height) end
---@param filter? "all"|"free" "free": only positions without lava, without a critter set aside there and not barred to entering
---@param limit? integer at most this many positions, the first in board order (1: whether there is one)
---@return Place[] coast every ocean position next to land, in board order
function game.coast(filter, limit) end
---A walk of game.coast: `for q, r in game.each_coast("free") do`. A snapshot, used once.
---@param filter? "all"|"free"
---@param limit? integer
---@return fun(walk: any): integer?, integer? step q, r
---@return any walk
function game.each_coast(filter, limit) end
---@param filter? "all"|"free" "free": only stacks without lava and not barred to entering
---@param limit? integer at most this many stacks, the first in board order (1: whether there is one)
---@return Place[] shore every land stack next to the sea (an ocean neighbour or the board's edge), in board order
function game.shore(filter, limit) end
---A walk of game.shore: `for q, r in game.each_shore() do`. A snapshot, used once.
---@param filter? "all"|"free"
---@param limit? integer
---@return fun(walk: any): integer?, integer? step q, r
---@return any walk
function game.each_shore(filter, limit) end
---Pure: works while loading too.
---@param q integer
---@param r integer
---@return Neighbour[]
function game.neighbours(q, r) end
---Pure: a walk of game.neighbours: `for nq, nr, dir in game.each_neighbours(q, r) do`.
---@param q integer
---@param r integer
---@return fun(walk: any): integer?, integer?, integer? step q, r, dir
---@return any walk
function game.each_neighbours(q, r) end
---Pure: the position one step in `dir`, or nil past the board's edge.
---@param q integer
---@param r integer
---@param dir integer 1..6, clockwise from east
---@return Place?
function game.neighbour(q, r, dir) end
---Pure: the hex distance.
---@param q1 integer
---@param r1 integer
---@param q2 integer
---@param r2 integer
---@return integer
function game.distance(q1, r1, q2, r2) end
---@param filter? "all"|"free" "free": only the biomes where no critter stands
---@return BiomeRegion[] biomes by id
function game.biomes(filter) end
---@param q integer
---@param r integer
---@param area integer from 1
---@return BiomeArea[]
function game.biome_areas(q, r, area) end
---The biome holding that area, without building a table: its id (the index
---of its entry in game.biomes(), good until the game changes) and the players
---with a critter standing in it, as a bitmask (bit p: player p).
---@param q integer
---@param r integer
---@param area integer from 1
---@return integer id
---@return integer players
function game.biome_of(q, r, area) end
---The biome type of that area of the stack's top tile, for words:
---("the %s area at (%d,%d)"):format(game.area_biome(q, r, area), q, r).
---@param q integer
---@param r integer
---@param area integer from 1
---@return Biome
function game.area_biome(q, r, area) end
---@param name string a cell mark
---@return Place[]
function game.marked_cells(name) end
---A walk of game.marked_cells: `for q, r in game.each_marked_cells(name) do`. A snapshot, used once.
---@param name string a cell mark
---@return fun(walk: any): integer?, integer? step q, r
---@return any walk
function game.each_marked_cells(name) end
---@param name string a cell mark
---@return Place[]
function game.mark_border(name) end
---A walk of game.mark_border: a snapshot, so marking what it gives in the loop is safe.
---@param name string a cell mark
---@return fun(walk: any): integer?, integer? step q, r
---@return any walk
function game.each_mark_border(name) end
---@param q integer
---@param r integer
---@param name string a cell mark
---@return boolean
function game.cell_marked(q, r, name) end
---@return LavaFlow[] flows by flow number
function game.lava_flows() end
---@param player Player
---@param card CardRef
---@return boolean
function game.holds(player, card) end
---@param card CardRef
---@return CardInfo
function game.card(card) end
---@return string[] names by index (names[i + 1] is card i)
function game.cards() end
---@param player Player
---@param price Price
---@return Resources[] payments each distinct way to pay
function game.payments(player, price) end
---Only at play time: the number given with --set NAME=V, or `default`.
---@param name string
---@param default? number
---@return number
function game.param(name, default) end

---Effect: up to n (0..60) resources from the supply to the player.
---@param player Player
---@param biome Biome
---@param n integer
---@return integer moved
function game.gain(player, biome, n) end
---Effect: up to n (0..60) of the player's resources back to the supply.
---@param player Player
---@param biome Biome
---@param n integer
---@return integer moved
function game.lose(player, biome, n) end
---Effect: the player pays exactly this (each part 0..15).
---@param player Player
---@param payment Resources|{ dark?: integer, medium?: integer, light?: integer }
function game.pay(player, payment) end
---Effect: a critter on the board (or set aside) onto a free area of a land tile.
---@param player Player
---@param index integer
---@param q integer
---@param r integer
---@param area integer from 1
function game.move_critter(player, index, q, r, area) end
---Effect: a critter from hand onto a free area of a land tile.
---@param player Player
---@param q integer
---@param r integer
---@param area integer from 1
function game.place_critter(player, q, r, area) end
---Effect: a critter on the board, set aside or in the crater back to hand.
---@param player Player
---@param index integer
function game.to_hand(player, index) end
---Effect: a critter out of play, shown at (q, r) when given.
---@param player Player
---@param index integer
---@param q? integer
---@param r? integer
function game.set_aside(player, index, q, r) end
---Effect: a blow to a critter on the board (critter_hit handlers decide).
---@param player Player
---@param index integer
---@param cause? "script"|"takeover" default "script"
---@return "lost"|"spared"|"fled" outcome
---@return boolean stopped a handler set `stop`
function game.hit(player, index, cause) end
---Effect: a critter mark on or off.
---@param player Player
---@param index integer
---@param name string a critter mark
---@param on boolean
function game.mark(player, index, name, on) end
---Effect: a cell mark on or off.
---@param q integer
---@param r integer
---@param name string a cell mark
---@param on boolean
function game.mark_cell(q, r, name, on) end
---Effect: the top tile of a stack of 2 or more leaves the game.
---@param q integer
---@param r integer
function game.remove_top(q, r) end
---Effect: turns the top land tile (critters on it go to hand).
---@param q integer
---@param r integer
---@param rotation integer 0..5
function game.rotate_top(q, r, rotation) end
---Effect: the top tile slides onto a lower neighbouring stack.
---@param from_q integer
---@param from_r integer
---@param to_q integer
---@param to_r integer
function game.slide(from_q, from_r, to_q, to_r) end
---Effect: a tile from the supply onto a land stack (not a player's placement).
---@param q integer
---@param r integer
---@param type string a tile type of content/tiles.lua, or "volcano"
---@param rotation? integer 0..5, default 0
function game.stack_tile(q, r, type, rotation) end
---Effect: a further eruption there, without an unlock.
---@param player Player
---@param q integer
---@param r integer
function game.erupt(player, q, r) end
---Effect: a decided lava flow goes to (q, r), a neighbour of where it comes from.
---@param flow integer from 1 (the lava_flow event's `flow`)
---@param q integer
---@param r integer
function game.divert_lava(flow, q, r) end
---Effect: a lava token onto a land stack without lava.
---@param q integer
---@param r integer
function game.add_lava(q, r) end
---Effect: n (0..20) more critter moves this turn, in the move step.
---@param n integer
function game.add_moves(n) end
---Effect: n (0..20) more tiles may be bought this turn.
---@param n integer
function game.add_buys(n) end
---Effect: the end is triggered (only a game's first trigger counts).
---@param reason EndReason registered with game.end_reason, or "supply" or "hand_empty"
function game.trigger_end(reason) end
---Effect (it draws from the game): a die, 1..sides.
---@param sides integer 1..1000
---@return integer
function game.roll(sides) end

---Every island in board order: with form "cells" (the default) each a list of
---its stacks, the first its anchor; with "anchors" each only its anchor and
---its count of stacks (cheaper).
---@param form? "cells"|"anchors"
---@return Place[][]|IslandAnchor[] islands
---@overload fun(): Place[][]
---@overload fun(form: "cells"): Place[][]
---@overload fun(form: "anchors"): IslandAnchor[]
function game.islands(form) end
---@param q integer
---@param r integer
---@param limit? integer at most this many (the first of the whole list)
---@return IslandShift[]
function game.island_shifts(q, r, limit) end
---Effect: the island holding (q, r) moves up to `steps` spaces in `dir`.
---@param q integer
---@param r integer
---@param dir integer 1..6
---@param steps integer 1..2
---@return integer moved spaces moved
function game.shift_island(q, r, dir, steps) end
---@param q integer
---@param r integer
---@param limit? integer at most this many (the first of the whole list)
---@return Rift[]
function game.island_splits(q, r, limit) end
---Effect: cuts the island holding (q, r) along a line; the part on dir's side moves one space.
---@param q integer
---@param r integer
---@param axis integer 1 q, 2 r, 3 s
---@param line integer between coordinate `line` and `line + 1`
---@param dir integer 1..6, changing that coordinate
---@return integer moved stacks moved
function game.split_island(q, r, axis, line, dir) end

-- ---------------------------------------------- declarations (while loading)

---@class CritterMarkSpec
---@field name string a-z, 0-9 and _, up to 23 characters
---@field stays? boolean never moves, migrates, evacuates or is sacrificed
---@field shelters? boolean its stack cannot be stacked on
---@field idle? boolean collects nothing
---@field uncounted? boolean not counted among its owner's critters on land for targeting
---@field peaceful? boolean takes no part in contests
---@field points? integer 0..20: a critter on the board bearing it scores this many more points at the end (added to the scoring event's bonus)

---@class CellMarkSpec
---@field name string a-z, 0-9 and _, up to 23 characters
---@field no_build? boolean no tile, volcano or island tile is placed on it
---@field no_enter? boolean no critter is claimed, moved, migrated or evacuated onto it
---@field no_leave? boolean no critter moves, migrates, evacuates or is sacrificed off it
---@field no_collect? boolean critters on it collect nothing

---While loading: declares a critter mark and the traits the core enforces.
---@param spec CritterMarkSpec
---@return string name
function game.critter_mark(spec) end
---While loading: declares a cell mark and the traits the core enforces.
---@param spec CellMarkSpec
---@return string name
function game.cell_mark(spec) end
---@class VariantTargets
---@field most_critters? boolean the opponents with the most critters on land (all of them when tied)
---@field seat? integer N: the player N seats on in turn order (1: the player on the left; -1: on the right)
---@field threshold? boolean any opponent with game.targeting_threshold() or more critters on land
---@field uninhabited? boolean besides: any stack with no critter on it, whoever controls its biomes (Symbiosis)

---@class VariantRuleSpec
---@field name string a-z, 0-9 and _
---@field default? boolean the variant of a 3-5 player game that names none (one at most)
---@field min_players? integer from this many players on (default 3)
---@field targets? VariantTargets whose critters make a stack a target (none given: every opponent's)

---While loading: declares a variant of the game and how it restricts targeting.
---@param spec VariantRuleSpec
---@return string name
function game.variant_rule(spec) end

---While loading: registers a reason the game may end for, and the words the
---game says it in ("The game is over: <words>"); without words, the name with
---blanks for underscores.
---@param name string a-z, 0-9 and _
---@param words? string 1 to 47 printable characters, e.g. "a super volcano erupted"
---@return string name
function game.end_reason(name, words) end

---A list kept in game.state: #list, list[i] (from 1), and these methods.
---@class StateList
---@field [integer] any
local StateList = {}
---Appends an item (for a table item, a table of its fields).
---@param value any
function StateList:add(value) end
---Removes item i; later items move up.
---@param i integer
function StateList:remove(i) end
---Removes every item.
function StateList:clear() end
---The index of the first item equal to value (integers, booleans, places), or nil.
---@param value integer|boolean|Place
---@return integer?
function StateList:find(value) end

---While loading: state that lives in the game (saved, hashed, cloned), of this
---script's own. Values: integers, booleans, game.place(), game.per_player(v),
---game.list(item, capacity) and tables of those. Returns a table of the same shape.
---@generic T: table
---@param declaration T
---@return T
function game.state(declaration) end
---In a game.state or question context declaration: a place, nil until set,
---moved with the land. (The value returned is opaque: it only declares.)
---@return Place?
function game.place() end
---In a game.state declaration: one `value` per seat, indexed by player (0..4).
---@generic V
---@param value V
---@return table<integer, V>
function game.per_player(value) end
---In a game.state declaration: up to `capacity` (1..256) items like `item`.
---@param item any
---@param capacity integer
---@return StateList
function game.list(item, capacity) end

---What a question's words functions get.
---@class QuestionView
---@field player Player who is asked
---@field context table<string, integer|Place|nil>

---A choice as scripts write it for question:ask.
---@class ChoiceSpec
---@field value? integer default: its position in the list, from 1
---@field q? integer a place the choice refers to
---@field r? integer
---@field critter? CritterRef|Critter a critter it refers to
---@field card? CardRef a card it refers to

---A choice as labels and answers see it.
---@class Choice
---@field value integer
---@field q? integer
---@field r? integer
---@field critter? Critter
---@field card? integer the card's index

---What a question's answer handler gets.
---@class Answer: Choice
---@field player Player who answered
---@field passed boolean true when they declined (then only player and context are set)
---@field context table<string, integer|Place|nil>

---@class QuestionSpec
---@field name? string for messages and tests
---@field prompt string|fun(q: QuestionView): string what is asked
---@field label? fun(choice: Choice, q: QuestionView): string the words of a choice
---@field labels? table<integer, string> words by choice value (looked up first)
---@field pass? string|true|fun(q: QuestionView): string the player may decline (absent: must choose)
---@field context? table<string, integer|Place?> up to 4 names, each 0 or game.place()
---@field answer fun(ev: Answer) called when the player answers

---A declared question.
---@class Question
---@field id integer given in load order
---@field name string
local Question = {}
---Queues the question for `player` (not in read-only code). Returns false,
---asking nothing, when `choices` is empty.
---@param player Player
---@param choices (integer|ChoiceSpec)[]
---@param context? table<string, integer|Place>
---@return boolean asked
function Question:ask(player, choices, context) end

---While loading: declares a question with words and its answer handler.
---@param declaration QuestionSpec
---@return Question
function game.question(declaration) end

---Adds one offer while an action's `offers` runs, without a table: a place,
---a value 0..65535 and the critter it concerns (its player and index), each
---optional (nil).
---@alias OfferSink fun(q?: integer, r?: integer, value?: integer, critter_player?: Player, critter_index?: integer)

---An offer an action's `offers` returns.
---@class Offer
---@field q? integer
---@field r? integer
---@field critter? CritterRef|Critter
---@field value? integer 0..65535

---An offer as `label` and `perform` see it.
---@class ActionOption
---@field player Player who decides
---@field value integer
---@field q? integer
---@field r? integer
---@field critter? Critter

---@class ActionSpec
---@field name? string
---@field at DecisionKind|DecisionKind[] the decisions it is offered at
---@field card? string offered only while this card is in play
---@field offers fun(player: Player, offer: OfferSink): Offer[]? read-only, called whenever options are listed: offers through `offer`, or returned as a list, or both
---@field label? string|fun(opt: ActionOption): string
---@field perform fun(ev: ActionOption) called when a player takes an offer
---@field move? boolean taking it uses one of the turn's critter moves
---@field holder? boolean offered only to a deciding player who holds `card` (checked before any Lua runs)
---@field uses? Uses offered only while this counter has a use left for the deciding player (checked before any Lua runs)
---@field needs? Needs offered only to a deciding player who has these (checked before any Lua runs)

---What a deciding player must have before a script is asked for offers
---(game.action's needs, card{}'s bolt_needs); every one given must hold.
---A count is a whole number or the name of a rule number (game.rule).
---@class Needs
---@field resources? integer|RuleName at least this many resources in all
---@field crater? integer|RuleName at least this many critters in the crater
---@field hand? integer|RuleName at least this many critters in hand
---@field lava? integer|RuleName at least this many lava on the board
---@field crater_room? boolean room in the crater for one more critter
---@field purchase? boolean a purchase left in the player's turn (the active player)
---@field holder? boolean holds the card (true) or does not (false)

---A power's uses within a turn, counted in C (game.uses).
---@class Uses
---@field left fun(player: Player): integer uses left this turn
---@field spend fun(player: Player) one use taken
---@field bolt fun(player: Player) a Caldera bolt of the card was played: one more use this turn

---@class UsesSpec
---@field card string the power card
---@field per_turn? integer|"unlimited" uses a holder has each turn (default 1; 0: only through its Caldera bolt; "unlimited": a holder always has 1000)

---While loading: a counter of a power's uses within a turn (holders get `per_turn` each turn, each bolt of the card played this turn adds one).
---@param declaration UsesSpec
---@return Uses
function game.uses(declaration) end

---While loading: declares options a script adds to the core's decisions.
---@param declaration ActionSpec
function game.action(declaration) end
