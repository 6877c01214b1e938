"""Traditional Chinese read as Simplified: the characters a developer's chat is made of.

The rules of the language engines are written in Simplified Chinese; a user in Taiwan or
Hong Kong types "幫我看一下這個修改會不會…". :func:`to_simplified` maps each character of
a fixed table (one character to one, so offsets hold) to its Simplified form: the words
the rules look for, not a full converter (a character with two Simplified readings in
context, such as 乾 or 著 in a name, is read the common way).
"""

from __future__ import annotations

__all__ = ["to_simplified"]

_TRADITIONAL = (
    "並乾亂佈併係個們備傳價優儲內刪則劃動務區參員問啟單嗎囉圍圖執報場塊壓壞實審寫寬專對導層帳幣幫幾庫廣後從復態憑憶應戶掃換搶"
    "撐擇擊據數斷時書會條業構標樣機檢權歸沒況洩淨測湊準滿濕為爭狀現環異當發監盤確碼禮穩競節範簽約紅級組結絡給統網緊緒線緩總織"
    "繫聯聽腦與舉舊著蓋處號衝裏補裡見規視覺覽觀訂計訊記設試話該認誤說誰調請講證識讀變讓負貨買費資賣賬購車軟載輯輸轉這連運過遞"
    "遲遷選還邊邏釋錄錢錯鍵鎖鏈鑰長門閉開間閘關陣隊險雜離雲電靜響頁頂預頓頻題額類風餘驗髒體麼點"
)
_SIMPLIFIED = (
    "并干乱布并系个们备传价优储内删则划动务区参员问启单吗啰围图执报场块压坏实审写宽专对导层账币帮几库广后从复态凭忆应户扫换抢"
    "撑择击据数断时书会条业构标样机检权归没况泄净测凑准满湿为争状现环异当发监盘确码礼稳竞节范签约红级组结络给统网紧绪线缓总织"
    "系联听脑与举旧着盖处号冲里补里见规视觉览观订计讯记设试话该认误说谁调请讲证识读变让负货买费资卖账购车软载辑输转这连运过递"
    "迟迁选还边逻释录钱错键锁链钥长门闭开间闸关阵队险杂离云电静响页顶预顿频题额类风余验脏体么点"
)
_TABLE = str.maketrans(_TRADITIONAL, _SIMPLIFIED)
_CHARS = frozenset(_TRADITIONAL)


def to_simplified(text: str) -> str:
    """``text`` with the table's Traditional characters in their Simplified forms (the same
    length; ``text`` itself when it holds none)."""
    if _CHARS.isdisjoint(text):
        return text
    return text.translate(_TABLE)
