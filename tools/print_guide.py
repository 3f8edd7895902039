"""A long document holding the vendor table among many others, printed by Chromium.

    python tools/print_guide.py     # tests/fixtures/pdf/guide-2025-10-22.{html,pdf}

The vendor's PDF download is the whole user guide: 14+ pages of topics, each with its own
tables, captions numbered again from 表1 in every topic. This builds such a guide around
the vendor table of raw/2025-10-22/page.html (its print-ready copy, tools/render_pdf.py):
topics before it with tables of their own (one running over a page break with its header
repeated), the vendor topic, and after it a topic whose 表1 has exactly the vendor table's
columns and width, starting mid-page below the vendor table's notes and running onto the
next page (its header repeated at the top there). Printed with Chromium's default header
and footer on A4. The text is deterministic; Chromium writes the date into the header.

Needs Debian's chromium and fonts-wqy-zenhei.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from print_breaks import chromium_print  # noqa: E402
from render_pdf import PRINT_CSS, column_widths, print_ready_html  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "pdf"
RELEASE = "2025-10-22"

SENTENCES = [
    "ModelArts是面向开发者的一站式AI平台，为机器学习与深度学习提供海量数据预处理及交互式智能标注、大规模分布式训练、"
    "自动化模型生成，及端-边-云模型按需部署能力。",
    "创建训练作业前，请确认已在对象存储服务中准备好训练数据，并已为ModelArts授予访问该存储桶的权限。",
    "训练作业的规格决定了作业可用的计算资源，规格越大，单步训练的速度越快，但计费也相应增加。",
    "专属资源池提供独享的计算资源，适用于对资源隔离、网络配置有特殊要求的场景。",
    "推理服务部署完成后，可通过在线预测接口调用模型，并在监控页面查看调用次数和时延。",
]


def paragraph(n: int) -> str:
    return "<p>" + "".join(SENTENCES[(n + i) % len(SENTENCES)] for i in range(3)) + "</p>"


def table(caption: str, head: list[str], rows: list[list[str]], widths: list[float] | None = None) -> str:
    cols = "<colgroup>" + "".join(f'<col style="width:{w}pt">' for w in widths) + "</colgroup>" if widths else ""
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (f'<table class="other"><caption>{caption}</caption>{cols}<thead><tr>'
            + "".join(f"<th>{h}</th>" for h in head) + f"</tr></thead><tbody>{body}</tbody></table>")


def topic(title: str, paragraphs: int, tables: list[str], start: int) -> str:
    """A heading, then `paragraphs` paragraphs before each table (or only paragraphs)."""
    text = [f"<h2>{title}</h2>"]
    for i, t in enumerate(tables):
        text += [paragraph(start + i * paragraphs + k) for k in range(paragraphs)] + [t]
    text += [paragraph(start + k) for k in range(0 if tables else paragraphs)]
    return "".join(text) + paragraph(start + 99)


def vendor_topic() -> str:
    """The vendor page's body (heading, update line, paragraphs, caption, table, notes) as the
    print-ready copy has it, the widths set on the table."""
    page = print_ready_html(RELEASE)
    body = page[page.index("<body>") + len("<body>"):page.index("</body>")]
    return re.sub(r"<img\b[^>]*>", "", body)


def guide_html() -> str:
    widths = column_widths(RELEASE)
    flavours = ["Snt9b", "Snt9b23"]
    before = [
        topic("0 产品介绍", 60, [], 40),
        topic("1 训练作业", 3, [
            table("表1 训练作业规格", ["规格名称", "vCPU", "内存", "加速卡"],
                  [[f"modelarts.bm.{f}.{n}", str(24 * n), f"{192 * n}GiB", f"{n}*Ascend"]
                   for f in flavours for n in (1, 2, 4, 8)]),
            table("表2 训练作业状态", ["状态", "说明"],
                  [[s, SENTENCES[i % len(SENTENCES)][:40]] for i, s in enumerate(
                      ["创建中", "排队中", "运行中", "已完成", "运行失败", "已终止", "异常"])]),
        ], 0),
        topic("2 专属资源池", 4, [
            table("表1 资源池规格", ["区域", "规格", "节点数", "说明"],
                  [[f"cn-{r}", f"{f}.{n}", str(n), SENTENCES[(n + i) % len(SENTENCES)][:30]]
                   for i, r in enumerate(["north-4", "southwest-2", "east-3"]) for f in flavours
                   for n in (1, 2, 4, 8, 16, 32)]),
        ], 10),
    ]
    values = ["-", "8*Ascend", "16*Ascend"]
    after = topic("4 推理部署", 0, [
        table("表1 推理规格", ["模型", "部署方式", "序列长度"]
              + [f"{where}/{f}" for where in ("单机", "多机", "边缘", "容器", "批量") for f in flavours],
              [[f"llama-{n}b", "在线" if n % 2 else "批量", str(1024 * (1 + n % 4))]
               + [values[(n + c) % 3] for c in range(10)] for n in range(1, 40)], widths),
        table("表2 推理服务状态", ["状态", "说明"], [[s, SENTENCES[i][:36]] for i, s in enumerate(
            ["部署中", "运行中", "已停止", "异常", "告警"])]),
    ], 20)
    closing = topic("5 常见问题", 50, [], 30)
    css = PRINT_CSS.replace("@page { size: PAGE; margin: 14mm; }", "@page { size: A4; }").replace(
        "</style>", "table.other { margin: 6pt 0; } h2 { font-size: 14pt; } </style>")
    return (f'<!DOCTYPE html><html lang="zh-cn"><head><meta charset="utf-8"><title>AI开发平台ModelArts 用户指南'
            f"</title>{css}</head><body><h1>AI开发平台ModelArts 用户指南</h1>"
            f"<p>更新时间：{RELEASE} GMT+08:00</p>{''.join(before)}<h2>3 模型训练</h2>{vendor_topic()}{after}"
            f"{closing}</body></html>")


def main() -> int:
    chromium_print(guide_html(), FIXTURES / f"guide-{RELEASE}.pdf", FIXTURES / f"guide-{RELEASE}.html")
    print(f"tests/fixtures/pdf/guide-{RELEASE}.pdf: written by Chromium")
    return 0


if __name__ == "__main__":
    sys.exit(main())
