"""CJK text as PDF text extraction returns it -> the characters that were printed.

Some producers' ToUnicode maps give a Kangxi radical (U+2F00–U+2FDF) or a CJK
radical-supplement code point (U+2E80–U+2EFF) for a glyph that is also an
ordinary ideograph: ⽀ for 支, ⻓ for 长. NFKC folds the Kangxi radicals; the
supplement has no compatibility mapping, so the simplified forms it encodes are
mapped explicitly here.
"""
from __future__ import annotations

from ..tokens import printed

# CJK Radicals Supplement code points -> the unified ideograph they stand for.
RADICAL_SUPPLEMENT = {
    "\u2e8b": "㔾", "\u2e8c": "小", "\u2e8d": "小", "\u2e8e": "兀", "\u2e97": "冖", "\u2e9c": "日",
    "\u2ea0": "民", "\u2ea4": "爫", "\u2ea6": "丬", "\u2eab": "罒", "\u2eb2": "罒", "\u2eb9": "耂",
    "\u2ebc": "月", "\u2ec1": "虎", "\u2ec4": "西", "\u2ec5": "见", "\u2ec6": "角", "\u2ec8": "讠",
    "\u2ecb": "车", "\u2ecf": "阝", "\u2ed0": "钅", "\u2ed3": "长", "\u2ed4": "门", "\u2ed6": "阝",
    "\u2ed7": "雨", "\u2ed8": "青", "\u2eda": "页", "\u2edb": "风", "\u2edc": "飞", "\u2edd": "食",
    "\u2edf": "饣", "\u2ee0": "饣", "\u2ee2": "马", "\u2ee3": "骨", "\u2ee4": "鬼", "\u2ee5": "鱼",
    "\u2ee6": "鸟", "\u2ee7": "卤", "\u2ee8": "麦", "\u2ee9": "黄", "\u2eea": "黾", "\u2eeb": "斉",
    "\u2eec": "齐", "\u2eed": "歯", "\u2eee": "齿", "\u2eef": "竜", "\u2ef0": "龙", "\u2ef1": "龜",
    "\u2ef2": "亀", "\u2ef3": "龟",
}
TABLE = str.maketrans(RADICAL_SUPPLEMENT)


def printed_text(text: str) -> str:
    """The shared printed form (tokens.printed: NFKC for Kangxi radicals, full-width forms and
    ligatures; format characters dropped), then the supplement table."""
    return printed(text).translate(TABLE)
