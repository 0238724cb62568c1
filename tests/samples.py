"""Real multi-language text for parity tests (short quotations of the Universal Declaration
of Human Rights, whose translations and sources are in assets/udhr/index.json),
where the ~1 MB corpora are, adversarial cases, and the hypothesis text strategies."""

from pathlib import Path

from hypothesis import strategies as st

CORPORA = Path(__file__).resolve().parent.parent / "playground" / "assets" / "corpora"
"""assets/corpora: en_python_docs.txt and zh_tang_poems.txt."""

MULTILINGUAL = [
    "All human beings are born free and equal in dignity and rights.",
    "人人生而自由，在尊严和权利上一律平等。",
    "人人生而自由﹐在尊嚴和權利上一律平等。",
    "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。",
    "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다.",
    "Все люди рождаются свободными и равными в своем достоинстве и правах.",
    "يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق.",
    "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם.",
    "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता और समानता प्राप्त है।",
    "ทุกคนเกิดมามีอิสระและเสมอภาคกันในเกียรติศักด์และสิทธิ",
    "Tất cả mọi người sinh ra đều được tự do và bình đẳng về nhân phẩm và quyền lợi.",
    "Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα.",
    "Alle Menschen sind frei und gleich an Würde und Rechten geboren.",
    "def f(x):\n    if x > 0:\n        return x ** 2\n\treturn -x\n",
    '{"name": "Ada", "age": 36, "tags": ["math", "code"]}\n',
    "I'LL say it's done, you've SEEN it, we'd they're I'm 12345678 3.14159 $1,000",
    "emoji 👩‍👩‍👧‍👦 🇺🇳 e\u0301 \u202eevil\u202c ZWJ\u200d",
    "    return x\n\n\n   \t\r\n  end  ",
]

ADVERSARIAL = [
    "a" * 5000,
    " " * 3000 + "x",
    "\n" * 500 + "end",
    "1234567890" * 300,
    "中" * 3000,
    "👨‍👩‍👧‍👦" * 40,
    "\t \u3000\u00a0\u2003\u2029 \r\n\x0b\x0c mixed whitespace \u200b\ufeff",
    "\x00\x01\x07\x1b[31m\x1c\x1f\x7f control",
    "=" * 2000 + "-" * 1000,
    "ǅ ﬅ ſ K ① Ｆｕｌｌ ﬁ é e\u0301 \u202eevil\u202c",
]
"""Inputs that broke tokenizers elsewhere: long runs of one character, emoji ZWJ sequences,
Unicode whitespace and control characters, compatibility characters."""

WHITESPACE = ("\t \r\n\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2028\u2029\u202f\u205f\u3000"
              "\ufeff")

_COMMON_PIECES = [
    st.text(alphabet=WHITESPACE, max_size=10),
    st.text(alphabet="0123456789.,", max_size=12),
    st.sampled_from(["'s", "'S", "'re", "'RE", "'ll", "'Ve", "'d", "'t", "'M", "n't"]),
    st.text(alphabet="😀👩‍👧🇺🇳é\u0301中文字한국어", max_size=8),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=20),
    st.sampled_from([" ", "  ", "\n", "\r\n", "/", "//", "\n/", "Hello", "WORLD", "camelCase"]),
]

text_pieces = st.one_of(
    st.text(min_size=0, max_size=40),
    *_COMMON_PIECES,
    st.sampled_from(["\u017f", "\u212a", "\u0295", "\U000323b0", "\U00010d50", "ǅ", "ﬅ"]),
)
texts = st.lists(text_pieces, max_size=8).map("".join)
"""Random text for tiktoken parity, with characters whose class changed in Unicode 17."""

_ASSIGNED = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cn")),
                   max_size=20)
utf8_texts = st.lists(st.one_of(*_COMMON_PIECES[:-2], _ASSIGNED, _COMMON_PIECES[-1],
                                st.sampled_from(["ǅ", "ﬅ", "ſ", "①", "ﬁ"])),
                      max_size=8).map("".join)
"""Random text without surrogates (HF tokenizers refuses them) and without characters unassigned
in Python's Unicode database (those new in Unicode 15-17 among them), where the reference
libraries' regex engines may be older than ours."""


@st.composite
def random_vocabularies(draw, alphabet: bytes, words: list[str]
                        ) -> tuple[dict[bytes, int], list[tuple[bytes, bytes]]]:
    """Ranks of every byte plus tokens made by merging random pairs of tokens of
    ``alphabet``'s bytes (each new token joins the pool), with their merge list, and up to
    three of ``words`` as tokens that no merge makes (a chunk equal to one is that token,
    if looked up whole; in rank order some merged tokens are never reached either)."""
    ranks = {bytes([b]): b for b in range(256)}
    pool, merges = sorted({bytes([b]) for b in alphabet}), []
    for _ in range(draw(st.integers(0, 40))):
        left, right = draw(st.sampled_from(pool)), draw(st.sampled_from(pool))
        if left + right not in ranks and len(left + right) <= 8:
            ranks[left + right] = len(ranks)
            pool.append(left + right)
            merges.append((left, right))
    for word in draw(st.lists(st.sampled_from(words), max_size=3, unique=True)):
        ranks.setdefault(word.encode(), len(ranks))
    return ranks, merges
