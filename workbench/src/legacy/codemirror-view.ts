// The "legacy" page variant's @codemirror/view: version 6.38.8, whose DOM back-reference is
// `cmView`. The installed @codemirror/lint 6.9.8 also imports `activateHover` (added in
// 6.39); lint uses it only to pop the hover tooltip after next/previous-diagnostic key
// commands, so a no-op keeps lint marks real while the view stays the old one.
export * from 'cm-view-legacy';

export function activateHover(): void {}
