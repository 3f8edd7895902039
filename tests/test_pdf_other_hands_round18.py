"""PDFs made by other hands, round 18 (session 50; hunts 154 and 156). Each is raw/2025-05-07/doc.pdf changed
by an incremental update, around page 1's llama3.1-8b full 4096 value (4*Ascend, four rows).

- **A key given twice in a dictionary**: the page with `/Contents` twice, one drawing 4*Ascend and
  the other 14*Ascend. Ghostscript takes the first (poppler too in a dictionary of 32 keys or more),
  pdfium, MuPDF and pdfminer the last: what was published was one viewer's value, never all of
  theirs. An error naming the object and the key (pdf_keys).
- **Forms nested past where a viewer stops**: an image of a 1 drawn from the 42nd form of a chain,
  before 4*Ascend: pdfium stops past 40 and neither draws nor lists it, poppler, MuPDF and
  Ghostscript draw it (14*Ascend shown, 4 published). Forms nested deeper than 8 (or a form
  drawing itself) are an error (pdf_guards.check_forms_drawn).
- **A transfer function**: a white 1 under `/TR` mapping every level to black is drawn black by
  pdfium, poppler and Ghostscript and white by MuPDF, which ignores it (14 published). A graphics
  state setting one is an error (pdf_guards.check_transfer_functions).
- **A page tree whose /Count is below its pages**: pdfium, MuPDF and poppler show one page of two,
  pdfminer read both; an internal error (exit 3) followed. Now an error naming the two counts.
- **The rules probed** (hunt 156): `stream` in a comment or a string before the two keys hid them
  (the stream data searched for by a pattern); an annotation's appearance drawing text from forms
  9 deep was read through, and page forms 9 to 16 deep passed while the checks of what forms hold
  (fonts, masks, transfer functions) looked 8 deep; a linearized print updated with its /L set to
  the new length is shown without the update by poppler. Each is an error now.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import zlib

import numpy as np
import pypdfium2 as pdfium
import pytest

from conftest import FIXTURES
from pdf_drawing import incremental_update
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from pipeline.extract.pdf_keys import repeated_keys
from pipeline.extract.pdf_tokens import tokens
from pipeline.normalize import normalize
from test_pdf_other_hands_round7 import FOUR, REAL, page_one, stream

PAGE = (b"<< /Type /Page /Parent 11 0 R /MediaBox [0 0 595.2756 841.8898] %s /Rotate 0 "
        b"/Resources << /Font 1 0 R %s >> >>")
MOVED = FOUR.replace(b"231 658.8898 Tm", b"236.4 658.8898 Tm")  # the value moved right, room for a 1 before it
ONE = b"BT 1 0 0 1 231 658.8898 Tm /F2+0 9 Tf (1) Tj ET"


def published(data: bytes) -> set[int]:
    """The values published for the edited cell (llama3.1-8b, full, MindSpeed-LLM)."""
    grid, _ = extract_pdf(data, "doc.pdf")
    frame = normalize(grid, "2025-05-07").frame
    return set(frame[(frame.model == "llama3.1-8b") & (frame.strategy == "full")
                     & (frame.framework == "MindSpeed-LLM")].min_units)


def pdfium_text(data: bytes) -> str:
    return pdfium.PdfDocument(data)[0].get_textpage().get_text_range()


def ghostscript_text(data: bytes, tmp_path) -> str | None:
    """Page 1's text as Ghostscript draws it (txtwrite), None where it is not installed."""
    if not shutil.which("gs"):
        return None
    (tmp_path / "in.pdf").write_bytes(data)
    done = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=txtwrite", "-dFirstPage=1",
                           "-dLastPage=1", "-sOutputFile=-", str(tmp_path / "in.pdf")], capture_output=True, timeout=120)
    return done.stdout.decode("utf-8", "replace")


# --- a key given twice ----------------------------------------------------------------------------------

def with_contents_twice(first: int, last: int, key: bytes = b"/Contents") -> bytes:
    number, content = page_one()
    edited = content.replace(FOUR, FOUR.replace(b"(4*Ascend)", b"(14*Ascend)"))
    return incremental_update(REAL.read_bytes(), {
        3: PAGE % (b"%s %d 0 R /Contents %d 0 R" % (key, first, last), b""), 20: stream(b"", edited)})


def test_viewers_take_different_keys_of_two(tmp_path):
    """The premise: pdfium draws the last /Contents (14*Ascend), Ghostscript the first (4*Ascend),
    where it is installed."""
    number, _ = page_one()
    data = with_contents_twice(number, 20)
    assert "14*Ascend" in pdfium_text(data)
    shown = ghostscript_text(data, tmp_path)
    if shown is not None:
        assert "14*Ascend" not in shown and "4*Ascend" in shown


@pytest.mark.parametrize("edited_last", [True, False])
def test_a_key_given_twice_is_an_error(edited_last):
    """Catches (hunt 154): 14 published where Ghostscript (and poppler, in a large dictionary)
    shows 4, or 4 where they show 14, exit 0."""
    number, _ = page_one()
    data = with_contents_twice(number, 20) if edited_last else with_contents_twice(20, number)
    with pytest.raises(SourceError, match=r"the dictionary of PDF object 3 holds the key /Contents twice"):
        extract_pdf(data, "doc.pdf")


def test_a_key_written_with_an_escape_is_the_same_key():
    number, _ = page_one()
    with pytest.raises(SourceError, match=r"holds the key /Contents twice"):
        extract_pdf(with_contents_twice(number, 20, b"/Cont#65nts"), "doc.pdf")


def test_keys_are_read_as_pdf_tokens():
    """A key named again inside a nested dictionary, an array, a string or a comment is no
    repeat; a reference is one value (its numbers are not keys)."""
    assert list(repeated_keys(tokens(b"1 0 obj << /A 1 /B [ /A ] /C << /A 2 >> /D (/A >> \\) /A) % /A\n"
                              b"/E 7 0 R /F 8 0 R >> endobj"))) == []
    assert list(repeated_keys(tokens(b"5 0 obj << /A 1 0 R /B (x) /A 2 >> endobj"))) == [("5", "A")]
    assert list(repeated_keys(tokens(b"trailer << /Size 9 /Root 1 0 R /Size 9 >>"))) == [(None, "Size")]
    assert list(repeated_keys(tokens(b"6 0 obj << /K << /Q 1 /Q 2 >> >> endobj"))) == [("6", "Q")]


# --- forms nested past where a viewer stops ----------------------------------------------------------

def image_of_one() -> bytes:
    """A grey image of the print's own 1 (of a 16*Ascend cell on page 1), as pdfium renders it."""
    page = pdfium.PdfDocument(REAL.read_bytes())[0]
    scale, height = 8, page.get_height()
    pixels = page.render(scale=scale, grayscale=True).to_numpy()
    x0, x1, bottom, top = 231.0, 236.4, 606.8898, 615.3898
    crop = np.ascontiguousarray(pixels[round((height - top) * scale):round((height - bottom) * scale),
                                       round(x0 * scale):round(x1 * scale)])
    return stream(b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 "
                  b"/Filter /FlateDecode" % (crop.shape[1], crop.shape[0]), zlib.compress(crop.tobytes()))


def forms_nested(depth: int, innermost: bytes, resources: bytes, extra: dict | None = None,
                 draw: bytes = b"q /Fx Do Q") -> bytes:
    """The value moved right and a chain of `depth` forms drawn before it (each drawing the next
    by `draw`), the last drawing `innermost`."""
    number, content = page_one()
    objects = dict(extra or {})
    for k in range(depth):
        last = k == depth - 1
        objects[30 + k] = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 596 842] /Resources << %s >>" % (
            resources if last else b"/XObject << /Fx %d 0 R >>" % (31 + k)), innermost if last else draw)
    objects[number] = stream(b"", content.replace(FOUR, MOVED + b" q /Fx Do Q"))
    objects[3] = PAGE % (b"/Contents %d 0 R" % number, b"/XObject << /Fx 30 0 R >>")
    return incremental_update(REAL.read_bytes(), objects)


IMAGE_DRAWN = b"q 5.4 0 0 8.5 231 657.8898 cm /Im0 Do Q"


def images_listed(data: bytes) -> int:
    page = pdfium.PdfDocument(data)[0]
    return sum(1 for found in page.get_objects(max_depth=100) if found.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE)


def test_pdfium_stops_drawing_forms_nested_past_forty():
    """The premise: pdfium lists the image drawn from the 40th form of a chain, not from the 42nd."""
    assert images_listed(forms_nested(40, IMAGE_DRAWN, b"/XObject << /Im0 29 0 R >>", {29: image_of_one()})) == 1
    assert images_listed(forms_nested(42, IMAGE_DRAWN, b"/XObject << /Im0 29 0 R >>", {29: image_of_one()})) == 0


@pytest.mark.parametrize("depth, told", [(9, "9"), (42, "33 or more")])  # (counted 32 deep at most)
def test_forms_nested_deeper_than_viewers_agree_are_an_error(depth, told):
    """Catches (hunt 154): 4 published where poppler, MuPDF and Ghostscript show 14*Ascend (the image
    at depth 42, unseen by pdfium), exit 0."""
    data = forms_nested(depth, IMAGE_DRAWN, b"/XObject << /Im0 29 0 R >>", {29: image_of_one()})
    with pytest.raises(LayoutError, match=rf"page 1: the page draws forms inside forms {told} deep"):
        extract_pdf(data, "doc.pdf")


def test_a_form_drawing_itself_is_an_error():
    number, content = page_one()
    data = incremental_update(REAL.read_bytes(), {
        30: stream(b"/Type /XObject /Subtype /Form /BBox [0 0 596 842] /Resources << /XObject << /Fx 30 0 R >> >>",
                   b"q /Fx Do Q"),
        number: stream(b"", content.replace(FOUR, FOUR + b" q /Fx Do Q")),
        3: PAGE % (b"/Contents %d 0 R" % number, b"/XObject << /Fx 30 0 R >>")})
    with pytest.raises(LayoutError, match=r"page 1: the page draws a form drawing itself"):
        extract_pdf(data, "doc.pdf")


def test_text_in_forms_nested_a_few_deep_is_read():
    """What must be read: a 1 drawn from the third form of a chain, as every viewer draws it (14)."""
    data = forms_nested(3, ONE, b"/Font 1 0 R")
    assert "14*Ascend" in pdfium_text(data).replace("\r\n", "")
    assert published(data) == {14}


# --- a transfer function ---------------------------------------------------------------------------------

def one_under_transfer(transfer: bytes, colour: bytes) -> bytes:
    number, content = page_one()
    one = b"q /GT gs %s %s Q" % (colour, ONE)
    return incremental_update(REAL.read_bytes(), {
        number: stream(b"", content.replace(FOUR, MOVED + b" " + one)),
        3: PAGE % (b"/Contents %d 0 R" % number, b"/ExtGState << /GT 21 0 R >>"),
        21: b"<< /Type /ExtGState %s >>" % transfer})


ALL_BLACK = b"<< /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [0] /N 1 >>"


def ink_before_the_value(data: bytes) -> int:
    """Dark pixels pdfium draws where the 1 is (left of the moved value)."""
    page = pdfium.PdfDocument(data)[0]
    pixels = page.render(scale=4, grayscale=True).to_numpy()
    height = page.get_height()
    return int((pixels[round((height - 666) * 4):round((height - 657) * 4), 231 * 4:round(236 * 4)] < 128).sum())


@pytest.mark.parametrize("key", [b"/TR", b"/TR2"])
def test_a_transfer_function_is_an_error(key):
    """Catches (hunt 154): a white 1 turned black by the transfer function (pdfium, poppler,
    Ghostscript: 14*Ascend; MuPDF ignores it: 4*Ascend); 14 published, exit 0. (The premise:
    pdfium draws the white 1 black.)"""
    data = one_under_transfer(key + b" " + ALL_BLACK, b"1 g")
    assert ink_before_the_value(data) > 10
    with pytest.raises(LayoutError, match=rf"page 1: the graphics state /GT sets a transfer function \({key.decode()}\)"):
        extract_pdf(data, "doc.pdf")


def test_an_identity_transfer_is_read():
    """What must be read: `/TR /Identity` changes no colour; the black 1 is read (14)."""
    assert published(one_under_transfer(b"/TR /Identity", b"0 g")) == {14}


# --- a page tree counting fewer pages than it holds ----------------------------------------------------

def test_a_page_count_below_the_pages_held_is_an_error():
    """Catches (hunt 154): `/Count 1` over both pages; pdfium (as MuPDF and poppler) shows one, the
    rest of the table unseen; pdfminer read two and pdfium's page 2 failed to load: `internal
    error`, exit 3."""
    data = incremental_update(REAL.read_bytes(), {11: b"<< /Count 1 /Kids [ 3 0 R 4 0 R ] /Type /Pages >>"})
    assert len(pdfium.PdfDocument(data)) == 1
    with pytest.raises(SourceError, match=r"its page tree gives 2 page\(s\) to pdfminer and 1 to pdfium"):
        extract_pdf(data, "doc.pdf")


# --- hunt 156: the rules probed ---------------------------------------------------------------------------

@pytest.mark.parametrize("hiding", [b"% see stream\n", b"/PieceInfo (upstream and stream\n) "])
def test_a_key_given_twice_after_the_word_stream_is_an_error(hiding):
    """Catches (hunt 156): `stream` and a line end inside a comment or a string before the page's
    two /Contents was taken for a stream's data, which hid them up to the next endstream: 14
    published where Ghostscript shows 4. A stream's data begins at a `stream` token only."""
    number, content = page_one()
    edited = content.replace(FOUR, FOUR.replace(b"(4*Ascend)", b"(14*Ascend)"))
    page = PAGE % (hiding + b"/Contents %d 0 R /Contents 20 0 R" % number, b"")
    data = incremental_update(REAL.read_bytes(), {3: page, 20: stream(b"", edited)})
    with pytest.raises(SourceError, match=r"the dictionary of PDF object 3 holds the key /Contents twice"):
        extract_pdf(data, "doc.pdf")


def annotation_drawing_forms(depth: int, subtype: bytes) -> bytes:
    """An annotation over the room before the moved value whose appearance draws a chain of `depth`
    forms, the last drawing a 1 (hunt 156)."""
    number, content = page_one()
    rect = b"[229 655 236.3 668]"
    objects = {}
    for k in range(depth):
        last = k == depth - 1
        objects[60 + k] = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 596 842] /Resources << %s >>" % (
            b"/Font 1 0 R" if last else b"/XObject << /Fx %d 0 R >>" % (61 + k)), ONE if last else b"q /Fx Do Q")
    objects[59] = stream(b"/Type /XObject /Subtype /Form /BBox %s /Resources << /XObject << /Fx 60 0 R >> >>" % rect,
                         b"q /Fx Do Q")
    objects[50] = b"<< /Type /Annot /Subtype %s /Rect %s /Border [0 0 0] /F 4 /AP << /N 59 0 R >> >>" % (subtype, rect)
    objects[number] = stream(b"", content.replace(FOUR, MOVED))
    objects[3] = PAGE.replace(b"/Rotate 0", b"/Rotate 0 /Annots [50 0 R]") % (b"/Contents %d 0 R" % number, b"")
    return incremental_update(REAL.read_bytes(), objects)


@pytest.mark.parametrize("subtype", [b"/Link", b"/Underline /QuadPoints [229 668 236.3 668 229 655 236.3 655]"])
def test_an_annotation_drawing_text_from_forms_nine_deep_is_an_error(subtype):
    """Catches (hunt 156): an appearance's forms were looked into 8 deep and one deeper read
    through as plain; the 1 it draws before 4*Ascend (every viewer: 14*Ascend) was left out and 4
    published. A form past that depth counts as showing. (The premise: pdfium draws the 1.)"""
    data = annotation_drawing_forms(9, subtype)
    page = pdfium.PdfDocument(data)[0]
    pixels = page.render(scale=4, grayscale=True, draw_annots=True).to_numpy()
    height = page.get_height()
    assert (pixels[round((height - 666) * 4):round((height - 657) * 4), 231 * 4:236 * 4] < 128).sum() > 10
    with pytest.raises(LayoutError):
        extract_pdf(data, "doc.pdf")


# --- a linearized print updated, its /L claiming the update ----------------------------------------------

LINEARIZED = FIXTURES / "pdf" / "qpdf-linearized-2025-05-07.pdf"  # qpdf --linearize of the real print


def linearized_and_updated(length_claimed: bool) -> bytes:
    """The linearized print with page 1's 4*Ascend made 14*Ascend by an update; its /L set to the new
    length where `length_claimed`."""
    import io

    import pdfplumber
    from pdfminer.pdftypes import resolve1

    base = LINEARIZED.read_bytes()
    with pdfplumber.open(io.BytesIO(base)) as pdf:
        contents = pdf.pages[0].page_obj.attrs["Contents"]
        for ref in contents if isinstance(contents, list) else [contents]:
            if FOUR in resolve1(ref).get_data():
                number, content = ref.objid, resolve1(ref).get_data()
    data = incremental_update(base, {number: stream(b"", content.replace(FOUR, FOUR.replace(b"(4*", b"(14*")))})
    if length_claimed:
        old = re.search(rb"/L (\d+)", data)
        assert len(b"%d" % len(data)) == len(old[1])
        data = data[:old.start(1)] + b"%d" % len(data) + data[old.end(1):]
    return data


def test_a_linearized_print_is_read():
    assert published(LINEARIZED.read_bytes()) == {4}


def test_a_linearized_print_updated_is_read_with_its_update():
    """/L left as linearized: every viewer applies the update (hunt 156) and so does this reader."""
    assert published(linearized_and_updated(False)) == {14}


def test_a_linearized_print_updated_under_its_length_is_an_error():
    """Catches (hunt 156): /L set to the updated file's length: poppler showed 4*Ascend (pdftotext too),
    pdfium, MuPDF and Ghostscript 14*Ascend; 14 was published. (The premise where pdftotext is
    installed.)"""
    data = linearized_and_updated(True)
    if shutil.which("pdftotext"):
        shown = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-", "-"], input=data, capture_output=True)
        assert b"14*Ascend" not in shown.stdout and b"4*Ascend" in shown.stdout
    with pytest.raises(SourceError, match=r"a linearized PDF updated after it was linearized, its /L saying"):
        extract_pdf(data, "doc.pdf")


# --- hunt 158: the rules probed again, colours viewers resolve differently ----------------------------------

def test_endstream_inside_a_streams_data_hides_no_key():
    """Catches (hunt 158): an unused stream holding `% endstream (` (its /Length right) was read as
    ending there and its `(` as a string to the file's end: the page after it, naming /Contents twice,
    was never looked at (14 published, Ghostscript showing 4). Objects are read from their heads, a
    stream's data never."""
    number, content = page_one()
    edited = content.replace(FOUR, FOUR.replace(b"(4*Ascend)", b"(14*Ascend)"))
    hider = stream(b"", b"% endstream ( a comment in an unused stream")
    hidden = incremental_update(REAL.read_bytes(), {19: hider})  # written before the page, by an update of its own
    data = incremental_update(hidden, {3: PAGE % (b"/Contents %d 0 R /Contents 20 0 R" % number, b""),
                                       20: stream(b"", edited)})
    assert data.index(b"% endstream (") < data.rindex(b"/Contents %d 0 R /Contents 20 0 R" % number)
    with pytest.raises(SourceError, match=r"the dictionary of PDF object 3 holds the key /Contents twice"):
        extract_pdf(data, "doc.pdf")


def test_keys_written_in_a_content_stream_are_not_a_dictionarys():
    """What must be read (hunt 158: refused as object 12 holding /W twice): a comment in the page's
    content naming `endstream << /W 1 /W 2 >>` is a stream's data, which no viewer reads as keys."""
    number, content = page_one()
    data = incremental_update(REAL.read_bytes(), {
        number: stream(b"", content.replace(FOUR, FOUR + b"\n% endstream << /W 1 /W 2 >>\n"))})
    assert published(data) == {4}


def test_a_comment_between_a_form_and_do_hides_no_nesting():
    """Catches (hunt 158): 42 forms drawn as `/Fx %c<newline>Do` (a comment between operand and
    operator) were not counted; the image at the bottom, drawn by poppler, MuPDF and Ghostscript and
    not by pdfium, was never seen: 4 published where they show 14."""
    data = forms_nested(42, IMAGE_DRAWN, b"/XObject << /Im0 29 0 R >>", {29: image_of_one()}, b"q /Fx %c\nDo Q")
    with pytest.raises(LayoutError, match=r"page 1: the page draws forms inside forms 33 or more deep"):
        extract_pdf(data, "doc.pdf")


def one_painted_in(setup: bytes, resources: bytes) -> bytes:
    """The 1 before the moved value painted after `setup`, the page's resources holding `resources`."""
    number, content = page_one()
    return incremental_update(REAL.read_bytes(), {
        number: stream(b"", content.replace(FOUR, MOVED + b" q " + setup + b" " + ONE + b" Q")),
        3: PAGE % (b"/Contents %d 0 R" % number, resources)})


WHITE = b"<< /FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [1 1 1] /N 1 >>"
SPACES_RESOLVED_OTHERWISE = {  # hunt 158: pdfium and MuPDF draw the 1 black, poppler (and Ghostscript) not
    "a separation whose tint gives one output": (b"/CS0 cs 1 sc", b"/ColorSpace << /CS0 [/Separation /Foo /DeviceCMYK "
                                                b"<< /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [1] /N 1 >>] >>"),
    "an indexed space of a short lookup": (b"/CS0 cs 1 sc", b"/ColorSpace << /CS0 [/Indexed /DeviceRGB 255 "
                                          b"<FFFFFF000000>] >>"),
    "a calibrated grey of gamma 0.01": (b"/CS0 cs 0.01 sc", b"/ColorSpace << /CS0 [/CalGray << /WhitePoint "
                                       b"[0.95 1 1.09] /Gamma 0.01 >>] >>"),
    "a default grey of white": (b"0 g", b"/ColorSpace << /DefaultGray [/Separation /Foo /DeviceRGB %s] >>" % WHITE),
}


@pytest.mark.parametrize("name", SPACES_RESOLVED_OTHERWISE)
def test_a_colour_space_viewers_resolve_differently_is_an_error(name):
    """Catches (hunt 158): 14 published where poppler (and Ghostscript) show 4*Ascend. (The premise:
    pdfium draws the 1.)"""
    data = one_painted_in(*SPACES_RESOLVED_OTHERWISE[name])
    assert ink_before_the_value(data) > 10
    with pytest.raises(LayoutError, match=r"page 1: the colour space /(CS0|DefaultGray) \(\w+\) is one viewers "
                                          r"resolve differently"):
        extract_pdf(data, "doc.pdf")


def test_overprint_is_an_error():
    """Catches (hunt 158): a white CMYK 1 overprinting the cell filled black under /OPM 1: MuPDF
    simulates overprint and shows 4*Ascend, pdfium, poppler and Ghostscript 14; 14 published."""
    data = one_painted_in(b"/GO gs 0 0 0 0 k", b"/ExtGState << /GO << /OP true /op true /OPM 1 >> >>")
    with pytest.raises(LayoutError, match=r"page 1: the graphics state /GO sets overprint"):
        extract_pdf(data, "doc.pdf")


def test_a_transfer_of_four_identities_is_read():
    """What must be read (hunt 158: refused as a transfer function): `/TR` of four /Identity."""
    assert published(one_under_transfer(b"/TR [/Identity /Identity /Identity /Identity]", b"0 g")) == {14}


# /L written otherwise, the dictionary kept as long (its offsets unchanged): after a comment (two bytes
# taken from the /H array's spaces), with a sign, before /Linearized
WRITTEN_OTHERWISE = {"a comment": (b"/Linearized 1 /L %%\n%s /H [682 144]", b" /H [ 682 144 ]"),
                     "a sign": (b"/Linearized 1/L +%s", b""), "before": (b"/L %s /Linearized 1", b"")}


@pytest.mark.parametrize("written", WRITTEN_OTHERWISE)
def test_a_linearized_length_written_otherwise_is_read_as_one(written):
    """Catches (hunt 158): /L written after a comment, with a sign, or before /Linearized was missed by
    a pattern; the update under it, left out by poppler, was published. The first object is read as
    tokens."""
    data = linearized_and_updated(True)
    old = re.search(rb"/Linearized 1 /L (\d+)", data)
    pattern, dropped = WRITTEN_OTHERWISE[written]
    changed = data[:old.start()] + pattern % old[1] + data[old.end():].replace(dropped, b"", 1)
    assert len(changed) == len(data)
    with pytest.raises(SourceError, match=r"a linearized PDF updated after it was linearized"):
        extract_pdf(changed, "doc.pdf")
