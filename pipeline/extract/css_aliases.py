"""Names Chromium reads as another property: its prefixed aliases (`-webkit-columns` is `columns`,
`-webkit-margin-start` is `margin-inline-start`, `-epub-text-emphasis` is `text-emphasis`), one
property under two names, the later declaration winning whichever name it is written under.

Measured in Chromium 156: each property name a style declaration enumerates with a `-webkit-` or
`-epub-` prefix, set to `initial`, is serialised under the name in this table
(tests/test_other_hands_round36.py compares it with the browser). A name not here is a property of
its own (`-webkit-writing-mode`, `-webkit-text-stroke`, `-webkit-line-clamp`…), read under that name.
Hunts 144 and 145 found pages whose values this reader published because it read only the standard
names: a start margin drawing a 2 over the 3 of 32, two columns drawn over each other, an emphasis
mark drawing a 1 over a 3.
"""
from __future__ import annotations

CHROMIUM_ALIASES = {
    "-epub-caption-side": "caption-side", "-epub-text-combine": "-webkit-text-combine",
    "-epub-text-emphasis": "text-emphasis", "-epub-text-emphasis-color": "text-emphasis-color",
    "-epub-text-emphasis-style": "text-emphasis-style", "-epub-text-orientation": "-webkit-text-orientation",
    "-epub-text-transform": "text-transform", "-epub-word-break": "word-break",
    "-epub-writing-mode": "-webkit-writing-mode", "-webkit-align-content": "align-content",
    "-webkit-align-items": "align-items", "-webkit-align-self": "align-self", "-webkit-animation": "animation",
    "-webkit-animation-delay": "animation-delay", "-webkit-animation-direction": "animation-direction",
    "-webkit-animation-duration": "animation-duration", "-webkit-animation-fill-mode": "animation-fill-mode",
    "-webkit-animation-iteration-count": "animation-iteration-count", "-webkit-animation-name": "animation-name",
    "-webkit-animation-play-state": "animation-play-state",
    "-webkit-animation-timing-function": "animation-timing-function", "-webkit-app-region": "app-region",
    "-webkit-appearance": "appearance", "-webkit-backface-visibility": "backface-visibility",
    "-webkit-background-clip": "background-clip", "-webkit-background-origin": "background-origin",
    "-webkit-background-size": "background-size", "-webkit-border-after": "border-block-end",
    "-webkit-border-after-color": "border-block-end-color", "-webkit-border-after-style": "border-block-end-style",
    "-webkit-border-after-width": "border-block-end-width", "-webkit-border-before": "border-block-start",
    "-webkit-border-before-color": "border-block-start-color",
    "-webkit-border-before-style": "border-block-start-style",
    "-webkit-border-before-width": "border-block-start-width",
    "-webkit-border-bottom-left-radius": "border-bottom-left-radius",
    "-webkit-border-bottom-right-radius": "border-bottom-right-radius", "-webkit-border-end": "border-inline-end",
    "-webkit-border-end-color": "border-inline-end-color", "-webkit-border-end-style": "border-inline-end-style",
    "-webkit-border-end-width": "border-inline-end-width", "-webkit-border-radius": "border-radius",
    "-webkit-border-start": "border-inline-start", "-webkit-border-start-color": "border-inline-start-color",
    "-webkit-border-start-style": "border-inline-start-style",
    "-webkit-border-start-width": "border-inline-start-width",
    "-webkit-border-top-left-radius": "border-top-left-radius",
    "-webkit-border-top-right-radius": "border-top-right-radius", "-webkit-box-shadow": "box-shadow",
    "-webkit-box-sizing": "box-sizing", "-webkit-clip-path": "clip-path",
    "-webkit-column-break-after": "break-after", "-webkit-column-break-before": "break-before",
    "-webkit-column-break-inside": "break-inside", "-webkit-column-count": "column-count",
    "-webkit-column-gap": "column-gap", "-webkit-column-rule": "column-rule",
    "-webkit-column-rule-color": "column-rule-color", "-webkit-column-rule-style": "column-rule-style",
    "-webkit-column-rule-width": "column-rule-width", "-webkit-column-span": "column-span",
    "-webkit-column-width": "column-width", "-webkit-columns": "columns", "-webkit-filter": "filter",
    "-webkit-flex": "flex", "-webkit-flex-basis": "flex-basis", "-webkit-flex-direction": "flex-direction",
    "-webkit-flex-flow": "flex-flow", "-webkit-flex-grow": "flex-grow", "-webkit-flex-shrink": "flex-shrink",
    "-webkit-flex-wrap": "flex-wrap", "-webkit-font-feature-settings": "font-feature-settings",
    "-webkit-hyphenate-character": "hyphenate-character", "-webkit-justify-content": "justify-content",
    "-webkit-logical-height": "block-size", "-webkit-logical-width": "inline-size",
    "-webkit-margin-after": "margin-block-end", "-webkit-margin-before": "margin-block-start",
    "-webkit-margin-end": "margin-inline-end", "-webkit-margin-start": "margin-inline-start", "-webkit-mask": "mask",
    "-webkit-mask-clip": "mask-clip", "-webkit-mask-composite": "mask-composite", "-webkit-mask-image": "mask-image",
    "-webkit-mask-origin": "mask-origin", "-webkit-mask-position": "mask-position",
    "-webkit-mask-repeat": "mask-repeat", "-webkit-mask-size": "mask-size",
    "-webkit-max-logical-height": "max-block-size", "-webkit-max-logical-width": "max-inline-size",
    "-webkit-min-logical-height": "min-block-size", "-webkit-min-logical-width": "min-inline-size",
    "-webkit-opacity": "opacity", "-webkit-order": "order", "-webkit-padding-after": "padding-block-end",
    "-webkit-padding-before": "padding-block-start", "-webkit-padding-end": "padding-inline-end",
    "-webkit-padding-start": "padding-inline-start", "-webkit-perspective": "perspective",
    "-webkit-perspective-origin": "perspective-origin", "-webkit-print-color-adjust": "print-color-adjust",
    "-webkit-shape-image-threshold": "shape-image-threshold", "-webkit-shape-margin": "shape-margin",
    "-webkit-shape-outside": "shape-outside", "-webkit-text-emphasis": "text-emphasis",
    "-webkit-text-emphasis-color": "text-emphasis-color", "-webkit-text-emphasis-position": "text-emphasis-position",
    "-webkit-text-emphasis-style": "text-emphasis-style", "-webkit-text-size-adjust": "text-size-adjust",
    "-webkit-transform": "transform", "-webkit-transform-origin": "transform-origin",
    "-webkit-transform-style": "transform-style", "-webkit-transition": "transition",
    "-webkit-transition-delay": "transition-delay", "-webkit-transition-duration": "transition-duration",
    "-webkit-transition-property": "transition-property",
    "-webkit-transition-timing-function": "transition-timing-function", "-webkit-user-select": "user-select"
}
