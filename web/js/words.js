// The names the panel and the end screen give the game's numbers.

export const PHASES = {
    setup: 'Set-up', move: 'Move step', buy: 'Buy and stack step', claim: 'Claim step',
    sacrifice: 'Sacrifice step', collect: 'Collect step', lava: 'Lava flows', over: 'The game is over',
};

// Score categories in the order the window lists them (engine/core/score.h).
export const CATEGORIES = [
    ['critters', 'Critters on land'], ['edges', 'Connecting edges'], ['volcanoes', 'Volcanoes activated'],
    ['sacrifices', 'Critters in the crater'], ['tallest', 'Tallest biome'], ['largest', 'Largest biome'],
    ['diversified', 'Diversified biomes'], ['caldera', 'Caldera cards'], ['bought', 'Points bought'],
    ['bonus', "Powers' bonus"],
];

// Why a game ended, in the words the reason's declaration gave (the rules'
// end_reason_words: the base game's, or a script's game.end_reason).
export function endReason(rules, index) {
    return (rules.end_reason_words || [])[index] || '?';
}

export function variantName(v) {
    const s = String(v || '').replace(/_/g, ' ');
    return s ? s[0].toUpperCase() + s.slice(1) : s;
}
