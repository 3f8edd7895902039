"""pdfium's objects of a page in the page's space: a form XObject's objects are given in the
form's own space (their bounds, their points), which its matrix, and those of the forms around
it, take to the page's. One walk of the forms for every check that places what pdfium draws
(pdf_images' boxes, pdf_engine_paths' path extents, pdf_engines' glyphs placed in a form)."""
from __future__ import annotations

import ctypes

import pypdfium2.raw as pdfium_c

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def then(inner: Matrix, outer: Matrix) -> Matrix:
    """The transformation `inner` followed by `outer` (PDF's row-vector order)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F


def moved(points: list[tuple[float, float]], m: Matrix) -> list[tuple[float, float]]:
    a, b, c, d, e, f = m
    return [(x * a + y * c + e, x * b + y * d + f) for x, y in points]


def mapped(box: tuple, m: Matrix | None) -> tuple[float, float, float, float]:
    """A box's corners through `m` (None: as it is), as the box around them."""
    if m is None:
        return box
    x0, y0, x1, y1 = box
    xs, ys = zip(*moved([(x0, y0), (x1, y1), (x0, y1), (x1, y0)], m))
    return min(xs), min(ys), max(xs), max(ys)


def matrix_of(handle) -> Matrix:
    found = pdfium_c.FS_MATRIX()
    if not pdfium_c.FPDFPageObj_GetMatrix(handle, ctypes.byref(found)):
        return IDENTITY
    return found.a, found.b, found.c, found.d, found.e, found.f


def placed_objects(page):
    """(handle, kind, matrix) of each object pdfium holds for the page, in drawing order, at its
    top level and inside form XObjects at any depth (a form itself is not given): `matrix` takes
    the space of the forms holding the object to the page's (None at the top level)."""
    form, kind_of = pdfium_c.FPDF_PAGEOBJ_FORM, pdfium_c.FPDFPageObj_GetType

    def walk(objects: list, to_page: Matrix | None):
        for handle in objects:
            kind = kind_of(handle)
            if kind != form:
                yield handle, kind, to_page
            else:
                inner = matrix_of(handle)
                yield from walk([pdfium_c.FPDFFormObj_GetObject(handle, i)
                                 for i in range(pdfium_c.FPDFFormObj_CountObjects(handle))],
                                inner if to_page is None else then(inner, to_page))

    yield from walk([pdfium_c.FPDFPage_GetObject(page, i) for i in range(pdfium_c.FPDFPage_CountObjects(page))], None)
