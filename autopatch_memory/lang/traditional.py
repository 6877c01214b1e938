"""Traditional Chinese read as Simplified, and written Cantonese as Mandarin: the words a
developer's chat is made of.

The rules of the language engines are written in Simplified Chinese; a user in Taiwan or
Hong Kong types "幫我看一下這個修改會不會…". :func:`to_simplified` maps each character of
a fixed table (one character to one, so offsets hold) to its Simplified form: the words
the rules look for, not a full converter (a character with two Simplified readings in
context, such as 乾 in a name, is read the common way; 著 and 係, which Simplified text
writes too, are left out).
"""

from __future__ import annotations

import re

__all__ = ["as_mandarin", "to_simplified"]

_TRADITIONAL = (
    "丟並乾亂佈併個們備傳價優儲內別刪則劃動務區參員問啟單嗎囉圍圖執報場塊壓壞實審寫寬專對導層帳幣幫幹幾庫廣後從復態慣憑憶應戶"
    "掃換搶撐擇擊據數斷於時書會條業極構標樣機檢權歷歸沒況洩淨測湊準滿濕為爭狀現環產異當發監盤確碼禮穩競節範簡簽約紅級組結絕絡"
    "給統網緊緒線緩總織繫習聯聽腦與舉舊蓋處號衝裏補裡見規視覺覽觀觸訂計訊記設試話該認誤說誰調請講謝證識讀變讓負貨買費資賣賬購"
    "車軟較載輯輸轉這連運過遞遠遲遷選還邊邏釋錄錢錯鍵鎖鏈鑰長門閉開間閘關陣隊階際險雙雜離雲電靜響頁頂項預頓頭頻題額類風餘驗髒"
    "體麼點須將"
)
_SIMPLIFIED = (
    "丢并干乱布并个们备传价优储内别删则划动务区参员问启单吗啰围图执报场块压坏实审写宽专对导层账币帮干几库广后从复态惯凭忆应户"
    "扫换抢撑择击据数断于时书会条业极构标样机检权历归没况泄净测凑准满湿为争状现环产异当发监盘确码礼稳竞节范简签约红级组结绝络"
    "给统网紧绪线缓总织系习联听脑与举旧盖处号冲里补里见规视觉览观触订计讯记设试话该认误说谁调请讲谢证识读变让负货买费资卖账购"
    "车软较载辑输转这连运过递远迟迁选还边逻释录钱错键锁链钥长门闭开间闸关阵队阶际险双杂离云电静响页顶项预顿头频题额类风余验脏"
    "体么点须将"
)
_TABLE = str.maketrans(_TRADITIONAL, _SIMPLIFIED)
_CHARS = frozenset(_TRADITIONAL)


def to_simplified(text: str) -> str:
    """``text`` with the table's Traditional characters in their Simplified forms (the same
    length; ``text`` itself when it holds none)."""
    if _CHARS.isdisjoint(text):
        return text
    return text.translate(_TABLE)


# Written Cantonese's function words, as Mandarin says them (after the table above):
# "点解要咁改" is "为什么要这么改", "唔该改返用 Optional" is "麻烦改回用 Optional".
_CANTONESE = {
    "点解": "为什么", "唔该": "麻烦", "改返": "改回", "乜嘢": "什么", "咩": "什么",
    "咁样": "这样", "咁": "这么", "冇": "没有", "嘅": "的", "唔": "不", "佢": "他",
}  # fmt: skip
_CANTONESE_RE = re.compile("|".join(sorted(_CANTONESE, key=len, reverse=True)))


def as_mandarin(text: str) -> str:
    """``text`` in Simplified characters with written Cantonese's function words in their
    Mandarin forms: what the rules, written in Mandarin, read (lengths may change)."""
    text = to_simplified(text)
    if _CANTONESE_RE.search(text) is None:
        return text
    return _CANTONESE_RE.sub(lambda m: _CANTONESE[m.group(0)], text)
