---@meta volcanique
-- LuaLS (lua-language-server) annotations for Volcanique's rules scripts and
-- mods. This file is never loaded by the engine (scripts/meta/ is not a rules
-- folder); point your editor at it: in .luarc.json,
--   { "workspace.library": ["scripts/meta"], "runtime.version": "Lua 5.4" }
-- The reference in prose is docs/lua-api.md.

---@alias Biome "dark"|"medium"|"light"
---@alias Player integer 0-based player number
---@alias Place "hand"|"board"|"crater"|"grid"|"sea"
---@alias Ability "move_adjacent"|"move_anywhere"

---Fields every event carries.
---@class Event
---@field name string the event's name (read-only)

---@class Event.turn_start: Event
---@field player Player
---@field turn integer
---@field mode integer writable: one of game.MODE
---@field moves integer writable: critter moves allowed this turn
---@field over integer writable: 1 ends the game now
---@field buy integer writable: 0 skips this turn's buy step (1)
---@field sacrifice integer writable: 0 allows no sacrifice this turn (1)

---@class Event.phase: Event
---@field player Player
---@field phase integer one of game.PHASE

---@class Event.targets: Event
---@field player Player
---@field players integer writable: bitmask of targetable players

---@class Event.cost: Event
---@field player Player
---@field item integer one of game.COST
---@field any integer writable
---@field alike integer writable
---@field each integer writable
---@field distinct integer writable: 1 = the `any` resources must differ

---@class Event.buy_limit: Event
---@field player Player
---@field bought integer
---@field soil integer
---@field on_soil integer
---@field extra integer writable: tiles allowed past the first

---@class Event.tile_placed: Event
---@field player Player
---@field q integer
---@field r integer
---@field type integer tile type index (content/tiles.lua, from 0)
---@field height integer

---@class Event.biomes_merged: Event
---@field player Player
---@field region integer
---@field players_involved integer bitmask

---@class Event.volcano_targeted: Event
---@field player Player
---@field q integer
---@field r integer

---@class Event.volcano_activated: Event
---@field player Player
---@field q integer
---@field r integer

---@class Event.power_unlocked: Event
---@field player Player
---@field slot integer
---@field card integer power card index, see game.card

---@class Event.caldera_played: Event
---@field player Player
---@field card integer power card index, see game.card

---@class Event.lava_flow: Event
---@field flow integer the flow's number
---@field q integer where the lava comes from
---@field r integer
---@field to_q integer where it is going
---@field to_r integer

---@class LavaFlow
---@field q integer
---@field r integer
---@field to_q integer
---@field to_r integer

---@class Event.island: Event
---@field player Player
---@field tiles integer writable: tiles making the island (1..6)

---@class Event.lava_moved: Event
---@field q integer
---@field r integer
---@field ocean integer 1 in the ocean

---@class Event.critter_removed: Event
---@field owner Player
---@field critter integer 0-based critter index
---@field q integer
---@field r integer
---@field cause integer byte of the cause's first letter (string.byte("v") = volcano)

---@class Event.collect: Event
---@field player Player
---@field allowed integer writable: 0 skips collecting
---@field cap integer writable: resources kept afterwards

---@class Event.turn_end: Event
---@field player Player
---@field lava integer
---@field over integer writable: 1 ends the game now

---@class Event.end_triggered: Event
---@field player Player
---@field reason integer one of game.END

---@class Event.scoring: Event
---@field player Player
---@field critters integer
---@field sacrifices integer
---@field bonus integer writable: points added

---@class Event.decision: Event
---@field player Player
---@field tag integer compare with game.tag(name)
---@field choice integer 1-based, -1 when passed
---@field value integer
---@field placed integer 1 when the choice named a place
---@field q integer
---@field r integer

---Registers a handler while the file loads. Higher priority runs first.
---@overload fun(event: "turn_start", handler: fun(ev: Event.turn_start), priority?: integer)
---@overload fun(event: "phase", handler: fun(ev: Event.phase), priority?: integer)
---@overload fun(event: "targets", handler: fun(ev: Event.targets), priority?: integer)
---@overload fun(event: "cost", handler: fun(ev: Event.cost), priority?: integer)
---@overload fun(event: "buy_limit", handler: fun(ev: Event.buy_limit), priority?: integer)
---@overload fun(event: "tile_placed", handler: fun(ev: Event.tile_placed), priority?: integer)
---@overload fun(event: "biomes_merged", handler: fun(ev: Event.biomes_merged), priority?: integer)
---@overload fun(event: "volcano_targeted", handler: fun(ev: Event.volcano_targeted), priority?: integer)
---@overload fun(event: "volcano_activated", handler: fun(ev: Event.volcano_activated), priority?: integer)
---@overload fun(event: "power_unlocked", handler: fun(ev: Event.power_unlocked), priority?: integer)
---@overload fun(event: "caldera_played", handler: fun(ev: Event.caldera_played), priority?: integer)
---@overload fun(event: "island", handler: fun(ev: Event.island), priority?: integer)
---@overload fun(event: "lava_flow", handler: fun(ev: Event.lava_flow), priority?: integer)
---@overload fun(event: "lava_moved", handler: fun(ev: Event.lava_moved), priority?: integer)
---@overload fun(event: "critter_removed", handler: fun(ev: Event.critter_removed), priority?: integer)
---@overload fun(event: "collect", handler: fun(ev: Event.collect), priority?: integer)
---@overload fun(event: "turn_end", handler: fun(ev: Event.turn_end), priority?: integer)
---@overload fun(event: "end_triggered", handler: fun(ev: Event.end_triggered), priority?: integer)
---@overload fun(event: "scoring", handler: fun(ev: Event.scoring), priority?: integer)
---@overload fun(event: "decision", handler: fun(ev: Event.decision), priority?: integer)
---@param event string
---@param handler fun(ev: Event)
---@param priority? integer default 0
function on(event, handler, priority) end

---scripts/powers/ only, while loading: declares a power card.
---@param def { name: string, levels: integer[], middle?: boolean, stars: integer, text?: string }
function card(def) end

---Mods only: loads mods/<mod>/<modname>.lua once (letters, digits and _ only).
---@param modname string
---@return any
function require(modname) end

---Mods only: the manifest, if mod.lua does not return it.
---@class Manifest
---@field name string the mod folder's name
---@field version string
---@field description? string
---@field depends? string[]
---@type Manifest?
manifest = nil

---@class Critter
---@field player Player
---@field index integer 1-based
---@field place Place
---@field q? integer
---@field r? integer
---@field area? integer 1-based, on the board
---@field biome? Biome on the board
---@field armour? integer points of armour, on the board
---@field dormant? boolean on the board

---@class Hex
---@field q integer
---@field r integer

---@class Landing
---@field q integer
---@field r integer
---@field area integer 1-based area of the land tile

---@class BiomeArea
---@field q integer
---@field r integer
---@field area integer 1-based
---@field free boolean no critter stands there and the tile is not frozen
---@field frozen boolean the tile is frozen

---@class Stack
---@field height integer
---@field lava boolean
---@field frozen boolean
---@field top? "uno"|"duo"|"trio"|"volcano"|"soil"
---@field tile? string
---@field rotation? integer
---@field under? "uno"|"duo"|"trio"|"volcano"|"soil" the class of the tile beneath the top one

---@class CardInfo
---@field name string
---@field stars integer
---@field level_min integer
---@field level_max integer

---@class AskChoice
---@field value integer
---@field q? integer
---@field r? integer

---@class Ask
---@field player? Player default: the active player
---@field tag string
---@field choices (integer|AskChoice)[]
---@field pass? boolean

---The game whose event is being handled.
game = {}

---@enum Mode
game.MODE = { normal = 0, final = 1, finale = 2 }
---@enum Phase
game.PHASE = { setup = 0, move = 1, buy = 2, claim = 3, sacrifice = 4, collect = 5, lava = 6, over = 7 }
---@enum CostItem
game.COST = { uno = 0, duo = 1, trio = 2, volcano = 3, island = 4, caldera = 5, sacrifice = 6, evacuation = 7, point = 8 }
---@enum EndReason
game.END = { supply = 1, hand_empty = 2, super_volcano = 3, winter = 4, stalled = 5 }

---@return integer
function game.players() end
---@return Player
function game.active() end
---@return Player
function game.first_player() end
---@return integer
function game.turn() end
---@return Mode
function game.mode() end
---@return string
function game.variant() end
---@return integer
function game.lava_count() end
---@return EndReason|0
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
---@param player Player
---@return { dark: integer, medium: integer, light: integer }
function game.resources(player) end
---@param player Player
---@return Critter[]
function game.critters(player) end
---@param q integer
---@param r integer
---@return Critter[]
function game.critters_at(q, r) end
---@return Hex[]
function game.land() end
---@param q integer
---@param r integer
---@return Hex[]
function game.neighbours(q, r) end
---@param q integer
---@param r integer
---@return Stack
function game.stack(q, r) end
---@param player Player
---@param card_name string
---@return boolean
function game.holds(player, card_name) end
---@param index integer
---@return CardInfo
function game.card(index) end
---@param player Player
---@param name Ability
---@return integer
function game.ability(player, name) end
---@param name string
---@return integer
function game.tag(name) end

---While loading only: an engine variable index (1..32) of one's own.
---@param name string
---@return integer
function game.slot(name) end
---@param i integer 1..32
---@return integer
function game.var(i) end
---The number this game was started with for parameter `name` (--set NAME=V), or `default`
---when none was given (an error without one). Inside handlers only.
---@param name string
---@param default? number
---@return number
function game.param(name, default) end
---Effect.
---@param i integer 1..32
---@param value integer
function game.set_var(i, value) end

---Effect: resources from the supply to the player.
---@param player Player
---@param biome Biome
---@param n integer
---@return integer moved
function game.gain(player, biome, n) end
---Effect: resources from the player to the supply.
---@param player Player
---@param biome Biome
---@param n integer
---@return integer moved
function game.lose(player, biome, n) end
---Effect.
---@param player Player
---@param index integer
function game.to_hand(player, index) end
---Effect.
---@param player Player
---@param index integer
---@param q integer
---@param r integer
---@param area integer 1-based
function game.move_critter(player, index, q, r, area) end
---Effect.
---@param q integer
---@param r integer
function game.remove_top(q, r) end
---Effect.
---@param q integer
---@param r integer
---@param rotation integer 0..5
function game.rotate_top(q, r, rotation) end
---Effect: n (0..10) more critter moves this turn (move step only).
---@param n integer
function game.add_moves(n) end
---Effect: n (0..10) more tiles may be bought this turn.
---@param n integer
function game.add_buys(n) end
---Every area of the biome (region) holding area `area` of the stack at (q, r).
---@param q integer
---@param r integer
---@param area integer 1-based
---@return BiomeArea[]
function game.biome_areas(q, r, area) end
---Effect: a further eruption at (q, r), without a Power Grid unlock.
---@param player Player
---@param q integer
---@param r integer
function game.erupt(player, q, r) end
---Effect: slide the top tile of (from_q, from_r) onto the lower neighbouring stack (to_q, to_r).
---@param from_q integer
---@param from_r integer
---@param to_q integer
---@param to_r integer
function game.slide(from_q, from_r, to_q, to_r) end
---Every island (connected land mass): its stacks in board order, the first its anchor.
---@return Hex[][]
function game.islands() end
---The distinct shifts of the island holding (q, r): dir 1..6, steps really travelled, where (q, r) lands.
---@param q integer
---@param r integer
---@return { dir: integer, steps: integer, q: integer, r: integer }[]
function game.island_shifts(q, r) end
---Effect: the island holding (q, r) moves up to `steps` (1..2) spaces in `dir` (1..6), stopping as soon as it touches other land.
---@param q integer
---@param r integer
---@param dir integer 1..6, as game.neighbours lists them
---@param steps integer 1..2
---@return integer moved spaces moved
function game.shift_island(q, r, dir, steps) end
---The distinct legal rifts of the island holding (q, r); (q, r) of each is where its moving part's first stack lands.
---@param q integer
---@param r integer
---@return { axis: integer, line: integer, dir: integer, tiles: integer, q: integer, r: integer }[]
function game.rifts(q, r) end
---Effect: cut the island holding (q, r) along line `line` of `axis` (1 q, 2 r, 3 s); the part on dir's side moves one space in `dir`.
---@param q integer
---@param r integer
---@param axis integer 1..3
---@param line integer between coordinate line and line + 1
---@param dir integer 1..6, must change the axis coordinate
---@return integer moved stacks moved
function game.rift(q, r, axis, line, dir) end
---Effect: the contest resolution that follows gives tied contests to `player` (once; share and group abilities override).
---@param player Player
function game.favour_contests(player) end
---Effect: take n resources of any types from the player's largest piles.
---@param player Player
---@param n integer
---@return boolean paid false (nothing paid) if the player holds fewer
function game.pay(player, n) end
---Effect: a blow. An armoured critter loses a point of armour; any other goes to hand.
---@param player Player
---@param index integer 1-based
function game.damage(player, index) end
---Effect: give a critter on the board n (0..9) points of armour.
---@param player Player
---@param index integer 1-based
---@param n integer
function game.set_armour(player, index, n) end
---Effect: make a critter on the board dormant (or wake it).
---@param player Player
---@param index integer 1-based
---@param dormant boolean
function game.set_dormant(player, index, dormant) end
---The biomes where the player has two or more awake critters.
---@param player Player
---@return { size: integer, biome: Biome, q: integer, r: integer }[]
function game.groups(player) end
---What the supply holds.
---@return { land: integer, volcanoes: integer, dark: integer, medium: integer, light: integer }
function game.supply() end
---The lava flows decided but not yet arrived, by flow number.
---@return LavaFlow[]
function game.lava_flows() end
---Effect: send a decided lava flow to (q, r), a neighbour of where it comes from.
---@param flow integer
---@param q integer
---@param r integer
function game.divert_lava(flow, q, r) end
---Whether the position (land or ocean) is frozen.
---@param q integer
---@param r integer
---@return boolean
function game.frozen(q, r) end
---Effect: the position (land or ocean) freezes.
---@param q integer
---@param r integer
function game.freeze(q, r) end
---Effect: every position next to a frozen one freezes.
---@return integer newly frozen positions
function game.spread_frozen() end
---Effect: a critter from the player's hand onto a free area of a land tile (not frozen, no lava).
---@param player Player
---@param q integer
---@param r integer
---@param area integer 1-based
function game.place_critter(player, q, r, area) end
---Effect: a Volcano tile from the supply onto a land stack (critters there go to hand); not an activation.
---@param q integer
---@param r integer
---@return boolean stacked false when the supply has no volcano tile left
function game.stack_volcano(q, r) end
---Effect: a lava token onto a land stack without lava; it flows on at the lava step.
---@param q integer
---@param r integer
function game.add_lava(q, r) end
---Effect: the volcano about to be activated sends no lava.
function game.quiet_volcano() end
---Effect: an end trigger (one of game.END) for the active player; only a game's first counts.
---@param reason integer
function game.trigger_end(reason) end
---Volcano tiles left in the supply.
---@return integer
function game.supply_volcanoes() end
---The open sea spaces (ocean next to land, no lava, not frozen, no sea critter), in board order.
---@return Hex[]
function game.sea_spaces() end
---Where a sea critter may come ashore: free areas of uncontrolled biomes on tiles next to its space.
---@param player Player
---@param index integer 1-based critter index
---@return Landing[]
function game.sea_landings(player, index) end
---The sea critter in that ocean space, or nil.
---@param q integer
---@param r integer
---@return Player|nil player
---@return integer|nil index
function game.sea_critter(q, r) end
---Effect: a critter from the player's hand into an open sea space.
---@param player Player
---@param q integer
---@param r integer
function game.put_to_sea(player, q, r) end
---Effect: a sea critter swims to another open sea space, any distance away (not from a frozen space).
---@param player Player
---@param index integer
---@param q integer
---@param r integer
function game.swim(player, index, q, r) end
---Effect: a sea critter comes ashore onto one of its landings (game.sea_landings); it is a board critter from then on.
---@param player Player
---@param index integer
---@param q integer
---@param r integer
---@param area integer 1-based
function game.come_ashore(player, index, q, r, area) end
---Effect: a logged die.
---@param sides integer 1..1000
---@return integer
function game.roll(sides) end
---Effect.
---@param player Player
---@param name Ability
---@param value integer
function game.set_ability(player, name, value) end
---Effect: queues a question; the answer is the "decision" event.
---@param question Ask
function game.ask(question) end
