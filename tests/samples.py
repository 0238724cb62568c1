"""Real multi-language text for parity tests (short quotations; see assets/README.md),
and where the ~1 MB corpora are."""

from pathlib import Path

CORPORA = Path(__file__).resolve().parent.parent / "assets" / "corpora"
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
