// The back-ends `bench` and `fuzz` run when none are named: one of each family (the four encodings of the design,
// HiGHS, ASP, the deduction rules, the CDCL core and the portfolio), each fast enough for the quick set.
export const DEFAULT_BACKENDS: readonly string[] = ['cpsat-circuit', 'sat-lazy', 'sat-closure', 'z3-lazy', 'glpk-cuts', 'highs-cuts', 'asp-reach', 'rules', 'cdcl-loop', 'auto'];
