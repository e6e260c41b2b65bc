/**
 * The codes an hreflang value is made of, as Google reads it: an ISO 639-1
 * language (two letters) and, optionally, an ISO 3166-1 alpha-2 region. These
 * are public standards data, written out (184 languages, 249 regions)
 * rather than taken from the runtime: Intl also knows reserved and
 * deprecated codes (`UK`, `EU`, `iw`, `sh`) that hreflang does not accept.
 * Lower case here; callers compare case-insensitively.
 */

/** ISO 639-1 two-letter language codes (the current list, `bh` included, withdrawn `sh` not). */
export const ISO_639_1_LANGUAGES: ReadonlySet<string> = new Set(
  `
  aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv
  cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr
  ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw
  ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv
  ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr
  ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi
  yo za zh zu
`
    .trim()
    .split(/\s+/),
);

/** ISO 3166-1 alpha-2 region codes: the 249 officially assigned ones (`GB`, never `UK`). */
export const ISO_3166_1_REGIONS: ReadonlySet<string> = new Set(
  `
  ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq
  br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm
  do dz ec ee eg eh er es et fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs
  gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn
  kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq
  mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm
  pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv
  sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi
  vn vu wf ws ye yt za zm zw
`
    .trim()
    .split(/\s+/),
);

/**
 * Is this hreflang value one Google accepts? `x-default`, or an ISO 639-1
 * language, then optionally an ISO 15924 script (four letters: `zh-Hant`,
 * which Google's localized-versions guide names for script variants; checked
 * for shape only) and optionally an ISO 3166-1 alpha-2 region. Case does not
 * matter. `english`, `en-UK` (UK is no ISO 3166-1 code; GB is), `en_GB` and
 * three-letter languages are not accepted.
 */
export function isValidHreflangCode(code: string): boolean {
  const lower = code.trim().toLowerCase();
  if (lower === 'x-default') return true;
  const match = /^([a-z]{2})(?:-([a-z]{4}))?(?:-([a-z]{2}))?$/.exec(lower);
  if (!match) return false;
  const [, language, , region] = match;
  return (
    ISO_639_1_LANGUAGES.has(language!) && (region === undefined || ISO_3166_1_REGIONS.has(region))
  );
}
