// Paths and strokes for the coverage rasteriser (strata_raster.h). Curves are flattened into as
// many lines as Wang's bound asks for the tolerance, measured on the curve as drawn (its controls
// transformed); a cubic whose controls lie on its chord is the chord. A stroke is outlined in
// user units and its points transformed, so the pen is a circle in user units and an ellipse on
// the surface, as Cairo strokes: each side of the flattened centre line moved out by half the
// width, joined on the outer side of each turn (miter within its limit, bevel, or round within
// the tolerance) and met on the inner side where the two sides cross (through the vertex where
// that lies beyond either segment), with caps and round dots; the outline is turned so that the
// stroke's winding is positive, and filled with the nonzero rule.
#include "strata_raster.h"
#include "strata_raster_internal.h"

#include <math.h>
#include <stdlib.h>

#define MAX_FLATTENED 65536
#define MAX_SUBPATH_POINTS (1 << 20)

typedef struct {
    double x, y;
} vec;

static vec apply(const double m[6], vec p) {
    return (vec){m[0] * p.x + m[2] * p.y + m[4], m[1] * p.x + m[3] * p.y + m[5]};
}

/// How many lines a cubic (user units) takes to lie within `tolerance` pixels of it (Wang).
static int cubic_steps(const double m[6], vec p0, vec p1, vec p2, vec p3, double tolerance) {
    vec a = apply(m, p0), b = apply(m, p1), c = apply(m, p2), d = apply(m, p3);
    // Controls on the chord between its ends (a straight side with zero tangents): the chord.
    double cx = d.x - a.x, cy = d.y - a.y, chord2 = cx * cx + cy * cy;
    if (chord2 > 0) {
        double bx = b.x - a.x, by = b.y - a.y, ex = c.x - a.x, ey = c.y - a.y;
        double along1 = bx * cx + by * cy, along2 = ex * cx + ey * cy;
        double off1 = bx * cy - by * cx, off2 = ex * cy - ey * cx;
        if (off1 * off1 < 1e-18 * chord2 && off2 * off2 < 1e-18 * chord2 && along1 >= 0 && along1 <= chord2 && along2 >= 0 &&
            along2 <= chord2)
            return 1;
    }
    double ux = a.x - 2 * b.x + c.x, uy = a.y - 2 * b.y + c.y;
    double vx = b.x - 2 * c.x + d.x, vy = b.y - 2 * c.y + d.y;
    double dd = fmax(ux * ux + uy * uy, vx * vx + vy * vy);
    double n = ceil(sqrt(0.75 * sqrt(dd) / tolerance));
    if (!(n >= 1)) return 1;
    return n > MAX_FLATTENED ? MAX_FLATTENED : (int)n;
}

static vec cubic_at(vec p0, vec p1, vec p2, vec p3, double t) {
    double s = 1 - t;
    double a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t;
    return (vec){a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y};
}

static void device_line(strata_raster *r, vec a, vec b) { strata_raster_line(r, a.x, a.y, b.x, b.y); }

void strata_raster_path(strata_raster *r, const uint8_t *verbs, size_t verb_count, const double *points,
                        const double m[6], double tolerance) {
    vec start = {0, 0}, current = {0, 0};
    int open = 0;
    const double *p = points;
    for (size_t i = 0; i < verb_count; i++) {
        switch (verbs[i]) {
        case STRATA_MOVE:
            if (open) device_line(r, apply(m, current), apply(m, start));
            start = current = (vec){p[0], p[1]};
            p += 2;
            open = 1;
            break;
        case STRATA_LINE: {
            vec next = {p[0], p[1]};
            p += 2;
            device_line(r, apply(m, current), apply(m, next));
            current = next;
            open = 1;
            break;
        }
        case STRATA_CURVE: {
            vec c1 = {p[0], p[1]}, c2 = {p[2], p[3]}, end = {p[4], p[5]};
            p += 6;
            int steps = cubic_steps(m, current, c1, c2, end, tolerance);
            vec from = apply(m, current);
            for (int k = 1; k <= steps; k++) {
                vec to = apply(m, k == steps ? end : cubic_at(current, c1, c2, end, (double)k / steps));
                device_line(r, from, to);
                from = to;
            }
            current = end;
            open = 1;
            break;
        }
        case STRATA_CLOSE:
            if (open) device_line(r, apply(m, current), apply(m, start));
            current = start;
            open = 0;
            break;
        }
    }
    if (open) device_line(r, apply(m, current), apply(m, start));
}

// MARK: Strokes

typedef struct {
    vec *p;
    size_t n, capacity;
} point_list;

typedef struct {
    strata_raster *raster;
    const strata_stroke_style *style;
    double arc_step;  // radians between the points of a round join or cap
    point_list centre, left, right;  // the subpath's flattened centre line, and its two sides
    int failed;
} stroker;

static void push(stroker *s, point_list *l, vec v) {
    if (s->failed) return;
    if (l->n == l->capacity) {
        size_t grown = l->capacity ? l->capacity * 2 : 256;
        vec *more = grown <= MAX_SUBPATH_POINTS ? realloc(l->p, grown * sizeof(vec)) : NULL;
        if (!more) {
            s->failed = 1;
            return;
        }
        l->p = more;
        l->capacity = grown;
    }
    l->p[l->n++] = v;
}

static double signed_area(const vec *p, size_t n) {
    double area = 0;
    for (size_t i = 0; i < n; i++) {
        vec a = p[i], b = p[(i + 1) % n];
        area += a.x * b.y - b.x * a.y;
    }
    return area;
}

/// Adds a closed outline (user units) as edges, reversed where `reverse`.
static void contour(stroker *s, const vec *p, size_t n, int reverse) {
    if (n < 3) return;
    const double *m = s->style->matrix;
    vec first = apply(m, p[reverse ? n - 1 : 0]), from = first;
    for (size_t k = 1; k < n; k++) {
        vec to = apply(m, p[reverse ? n - 1 - k : k]);
        device_line(s->raster, from, to);
        from = to;
    }
    device_line(s->raster, from, first);
}

/// The points strictly between `centre + u` and the end of its turn by `sweep` radians.
static void arc(stroker *s, point_list *l, vec centre, vec u, double sweep) {
    int steps = (int)ceil(fabs(sweep) / s->arc_step);
    if (steps > 4096) steps = 4096;
    for (int k = 1; k < steps; k++) {
        double angle = sweep * k / steps, c = cos(angle), sn = sin(angle);
        push(s, l, (vec){centre.x + u.x * c - u.y * sn, centre.y + u.x * sn + u.y * c});
    }
}

/// One side's outline at vertex `p` between the segments before (direction d1, length l1) and
/// after it: on the outer side of the turn, the join; on the inner side, the point where the two
/// offset lines cross (through the vertex itself where that lies beyond half of either segment).
static void side_join(stroker *s, point_list *l, double side, vec p, vec d1, double l1, vec d2, double l2) {
    double h = s->style->half_width * side;
    double cross = d1.x * d2.y - d1.y * d2.x, dot = d1.x * d2.x + d1.y * d2.y;
    vec n1 = {-d1.y * h, d1.x * h}, n2 = {-d2.y * h, d2.x * h};
    vec a = {p.x + n1.x, p.y + n1.y}, b = {p.x + n2.x, p.y + n2.y};
    if (cross == 0 && dot > 0) {
        push(s, l, a);
        return;
    }
    // Turning towards +n (cross > 0) puts the +n side inside the turn; a U-turn is outside on the left.
    int outer = cross != 0 ? (cross > 0) == (side < 0) : side > 0;
    if (!outer) {
        // The crossing lies `reach` back along each segment; taking at most half of each keeps the
        // side between two crossings pointing forward (a wider stroke turns the side inside out:
        // then through the vertex, which the nonzero rule unites).
        double reach = fabs(cross) / (1 + dot) * s->style->half_width;
        if (1 + dot > 1e-12 && 2 * reach <= l1 && 2 * reach <= l2) {
            double k = 1 / (1 + dot);
            push(s, l, (vec){p.x + (n1.x + n2.x) * k, p.y + (n1.y + n2.y) * k});
        } else {
            push(s, l, a);
            push(s, l, p);
            push(s, l, b);
        }
        return;
    }
    push(s, l, a);
    if (s->style->join == 1) {
        double sweep = cross == 0 ? -M_PI * side : atan2(n1.x * n2.y - n1.y * n2.x, n1.x * n2.x + n1.y * n2.y);
        arc(s, l, p, n1, sweep);
    } else if (s->style->join == 0) {
        double limit = s->style->miter_limit;
        if (2 <= limit * limit * (1 + dot) && 1 + dot > 1e-12) {
            double k = 1 / (1 + dot);
            push(s, l, (vec){p.x + (n1.x + n2.x) * k, p.y + (n1.y + n2.y) * k});
        }
    }
    push(s, l, b);
}

/// The cap at `p`, the subpath leaving it along `d`: the points from p + n·h round to p − n·h.
static void cap(stroker *s, point_list *l, vec p, vec d) {
    double h = s->style->half_width;
    vec n = {-d.y * h, d.x * h};
    push(s, l, (vec){p.x + n.x, p.y + n.y});
    if (s->style->cap == 1) {
        arc(s, l, p, n, -M_PI);
    } else if (s->style->cap == 2) {
        push(s, l, (vec){p.x + n.x + d.x * h, p.y + n.y + d.y * h});
        push(s, l, (vec){p.x - n.x + d.x * h, p.y - n.y + d.y * h});
    }
    push(s, l, (vec){p.x - n.x, p.y - n.y});
}

static vec direction(vec a, vec b, double *length) {
    double dx = b.x - a.x, dy = b.y - a.y;
    *length = sqrt(dx * dx + dy * dy);
    return (vec){dx / *length, dy / *length};
}

/// A subpath's stroke: for an open one a single outline (the left side forward, the end cap, the
/// right side back, the start cap), for a closed one its two sides as two loops turned opposite
/// ways; turned so that the stroke's own winding is positive.
static void stroke_subpath(stroker *s, const vec *p, int n, int closed) {
    double h = s->style->half_width;
    if (closed && n > 1 && p[n - 1].x == p[0].x && p[n - 1].y == p[0].y) n--;
    s->left.n = s->right.n = 0;
    if (n == 1) {
        // A subpath of one point: a dot where caps are round, as Cairo draws it.
        if (s->style->cap != 1) return;
        vec u = {h, 0};
        push(s, &s->left, (vec){p[0].x + h, p[0].y});
        arc(s, &s->left, p[0], u, 2 * M_PI);
        contour(s, s->left.p, s->left.n, signed_area(s->left.p, s->left.n) > 0);
        return;
    }
    int segments = closed ? n : n - 1;
    if (closed) {
        double l1, l2;
        for (int i = 0; i < n; i++) {
            vec d1 = direction(p[(i + n - 1) % n], p[i], &l1), d2 = direction(p[i], p[(i + 1) % n], &l2);
            side_join(s, &s->left, 1, p[i], d1, l1, d2, l2);
            side_join(s, &s->right, -1, p[i], d1, l1, d2, l2);
        }
        if (s->failed) return;
        double area = signed_area(s->left.p, s->left.n) - signed_area(s->right.p, s->right.n);
        contour(s, s->left.p, s->left.n, area > 0);
        contour(s, s->right.p, s->right.n, area <= 0);
        return;
    }
    double l0, l1, l2;
    vec d0 = direction(p[0], p[1], &l0);
    vec n0 = {-d0.y * h, d0.x * h};
    push(s, &s->left, (vec){p[0].x + n0.x, p[0].y + n0.y});
    push(s, &s->right, (vec){p[0].x - n0.x, p[0].y - n0.y});
    for (int i = 1; i < segments; i++) {
        vec d1 = direction(p[i - 1], p[i], &l1), d2 = direction(p[i], p[i + 1], &l2);
        side_join(s, &s->left, 1, p[i], d1, l1, d2, l2);
        side_join(s, &s->right, -1, p[i], d1, l1, d2, l2);
    }
    vec dn = direction(p[n - 2], p[n - 1], &l1);
    // The end cap replaces the left side's last point; then the right side back; then the start cap.
    cap(s, &s->left, p[n - 1], dn);
    for (size_t k = s->right.n; k-- > 1;) push(s, &s->left, s->right.p[k]);
    cap(s, &s->left, p[0], (vec){-d0.x, -d0.y});
    if (s->failed) return;
    // The start cap ends where the outline began.
    size_t count = s->left.n - 1;
    contour(s, s->left.p, count, signed_area(s->left.p, count) > 0);
}

/// Adds `v` to the subpath's centre line, unless it repeats the point before.
static void push_centre(stroker *s, vec v) {
    point_list *l = &s->centre;
    if (l->n > 0 && l->p[l->n - 1].x == v.x && l->p[l->n - 1].y == v.y) return;
    push(s, l, v);
}

static void stroke_path(stroker *s, const uint8_t *verbs, size_t verb_count, const double *points) {
    const double *m = s->style->matrix;
    point_list *centre = &s->centre;
    vec start = {0, 0}, current = {0, 0};
    int started = 0;
    const double *p = points;
#define BEGIN() do { if (!started) { centre->n = 0; push_centre(s, current); started = 1; } } while (0)
    for (size_t i = 0; i < verb_count && !s->failed; i++) {
        switch (verbs[i]) {
        case STRATA_MOVE:
            if (started) stroke_subpath(s, centre->p, (int)centre->n, 0);
            started = 0;
            start = current = (vec){p[0], p[1]};
            p += 2;
            BEGIN();
            break;
        case STRATA_LINE:
            BEGIN();
            current = (vec){p[0], p[1]};
            p += 2;
            push_centre(s, current);
            break;
        case STRATA_CURVE: {
            BEGIN();
            vec c1 = {p[0], p[1]}, c2 = {p[2], p[3]}, end = {p[4], p[5]};
            p += 6;
            int steps = cubic_steps(m, current, c1, c2, end, s->style->tolerance);
            for (int k = 1; k < steps; k++) push_centre(s, cubic_at(current, c1, c2, end, (double)k / steps));
            push_centre(s, end);
            current = end;
            break;
        }
        case STRATA_CLOSE:
            if (started) stroke_subpath(s, centre->p, (int)centre->n, 1);
            started = 0;
            current = start;
            break;
        }
    }
    if (started && !s->failed) stroke_subpath(s, centre->p, (int)centre->n, 0);
#undef BEGIN
}

int strata_raster_stroke(strata_raster *r, const uint8_t *verbs, size_t verb_count, const double *points,
                         const strata_stroke_style *style) {
    const double *m = style->matrix;
    double a = m[0], b = m[2], c = m[1], d = m[3];
    double sum = a * a + b * b + c * c + d * d, det = a * d - b * c;
    double largest = sqrt(0.5 * (sum + sqrt(fmax(0, sum * sum - 4 * det * det))));
    double radius = style->half_width * largest;
    stroker s = {r, style, radius > style->tolerance ? 2 * acos(1 - style->tolerance / radius) : M_PI / 2,
                 {NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}, 0};
    if (!(s.arc_step > 1e-3)) s.arc_step = 1e-3;
    stroke_path(&s, verbs, verb_count, points);
    free(s.centre.p);
    free(s.left.p);
    free(s.right.p);
    if (s.failed) strata_raster_fail(r);
    return !s.failed;
}
