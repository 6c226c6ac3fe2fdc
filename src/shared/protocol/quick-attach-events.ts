// The DOM events between a site's MAIN-world code, which knows where the floating
// "Add to agent" buttons belong, and the isolated world, which draws them and carries
// the click's user gesture to the worker. Declared once so both worlds use one name.

/** MAIN -> isolated: the current anchor points, as a JSON string in the event detail. */
export const ANCHORS_EVENT = 'side-agent:quick-attach-anchors';
/** isolated -> MAIN: "send the anchors again" (the isolated layer started later). */
export const ANCHORS_REQUEST_EVENT = 'side-agent:quick-attach-anchors-request';
