/// Words and phrases the sample data is assembled from.
///
/// Plain entries read as English; the `accented`, `wide` (CJK) and `emoji` pools put combining
/// marks, double-width characters, emoji sequences (ZWJ, skin tones, flags) and one terminal escape
/// sequence into the data, so clients have to handle display width and untrusted text.
enum SampleVocabulary {
  static let adjectives = [
    "quiet", "forgotten", "golden", "restless", "small", "ancient", "bright", "hidden", "curious",
    "patient", "broken", "gentle", "stubborn", "lonely", "brave", "wild", "silver", "early",
  ]
  static let nouns = [
    "garden", "river", "lighthouse", "letter", "kitchen", "train", "bicycle", "library", "winter",
    "harbor", "piano", "festival", "notebook", "mountain", "bridge", "orchard", "market", "clock",
  ]
  static let places = [
    "the valley", "Lisbon", "the old town", "a small village", "the coast", "Chicago", "the north",
    "the city", "Vienna", "the islands", "the hills", "Oslo",
  ]
  static let verbs = [
    ("wander", "wandered"), ("listen", "listened"), ("remember", "remembered"),
    ("disappear", "disappeared"), ("return", "returned"), ("whisper", "whispered"),
    ("wait", "waited"), ("dance", "danced"), ("change", "changed"), ("travel", "traveled"),
  ]
  static let times = ["morning", "evening", "summer", "night", "spring", "afternoon"]
  static let names = ["Anna", "Marcus", "Lena", "Omar", "Grace", "Tobias", "Ivy", "Daniel"]

  static let titleTemplates = [
    "The {adjective} {noun} of {place}",
    "Why the {noun} always {verb}s at {time}",
    "A {adjective} {time} in {place}",
    "How I learned to love the {noun}",
    "{name} and the {adjective} {noun}",
    "Notes from a {adjective} {noun}",
    "When the {noun} {verbed} at midnight",
    "Everything nobody told me about the {noun}",
    "The last {noun} in {place}",
    "Letters to a {adjective} {noun}",
  ]

  static let sentenceTemplates = [
    "She had always believed that the {noun} was {adjective}.",
    "Nobody in {place} expected the {noun} to {verb}.",
    "Every {time}, people would gather near the old {noun}.",
    "It was the kind of {noun} that made everyone {verb}.",
    "{name} wrote about the {adjective} {noun} in a notebook nobody ever saw.",
    "By the time the {noun} arrived, the others had already left {place}.",
    "People in {place} still talk about that {adjective} {time}.",
    "There is something {adjective} about a {noun} that refuses to {verb}.",
    "He {verbed} for a long while and then went back to the {noun}.",
    "The {noun} {verbed} once, and {place} was never quite the same.",
  ]

  static let accentedTitles = [
    "Crème brûlée at a café in Montréal",
    "Año nuevo en São Paulo",
    "Über die Brücke in Zürich",
    "A naïve résumé of déjà vu",
    "Smörgåsbord and the fjord in Tromsø",
    "Piñata season with Zoë and Chloé",
  ]
  static let accentedSentences = [
    "Élodie ordered a crème brûlée and a café au lait at the brasserie.",
    "Señor Muñoz said the jalapeño harvest was the best in años.",
    "In Zürich the Bürger crossed the Brücke to the Café Grüner Baum.",
    "The sign above the door said Cafe\u{301}, with a combining accent.",
    "Søren and Björn argued about the smörgåsbord until dawn.",
  ]

  static let wideTitles = [
    "東京の小さな喫茶店",
    "春天的故事",
    "서울의 밤거리",
    "京都で見つけた古い本",
    "Ramen in 東京 with Zoë",
    "长城上的日出",
  ]
  static let wideSentences = [
    "朝の光が窓から差し込み、猫は静かに眠っていた。",
    "我们在长城上看日出，风很大，但是很美。",
    "서울의 밤은 언제나 밝고 활기차다.",
    "古い本屋で、祖母が読んでいた小説を見つけた。",
    "Ｆｕｌｌｗｉｄｔｈ letters take two columns each.",
  ]

  static let emojiTitles = [
    "Weekend hike 🏔️ with friends 🎒",
    "Coffee ☕ and code 👩‍💻",
    "Sunset at the beach 🌅",
    "Family trip to 🇯🇵 Japan",
    "Birthday cake 🎂🎉 disaster",
    "My cat 🐈 learned a new trick",
  ]
  static let emojiSentences = [
    "We packed snacks 🍎🥪 and left before sunrise 🌄.",
    "The cake 🎂 collapsed, but everyone laughed 😂.",
    "Thumbs up 👍🏽 to the barista who remembered my name.",
    "The whole family 👨‍👩‍👧‍👦 squeezed into one photo.",
  ]

  /// Text that must never reach a terminal raw: an ANSI escape sequence and a tab.
  static let controlCharacterSentence =
    "The log line read \u{1B}[31mERROR\u{1B}[0m and then\tnothing at all."

  static let tags = [
    "history", "american", "crime", "french", "fiction", "english", "magical", "mystery", "love",
    "classic", "memory", "nature", "life", "books", "travel", "food", "music", "family", "science",
    "city",
  ]

  static let commentBodies = [
    "This is some awesome thinking!",
    "What terrific writing skills you're showing!",
    "I was thinking the same thing.",
    "Great post 👍",
    "Très intéressant, merci !",
    "写得很好！",
    "This made my day 😊",
    "I disagree, but I enjoyed reading it.",
    "Could you write more about this?",
    "Beautifully put.",
  ]

  static let firstNames = [
    "Emily", "Michael", "Sophia", "James", "Olivia", "William", "Ava", "Alexander", "Mia", "Ethan",
    "José", "Zoë", "Chloé", "Søren", "Björn", "Renée", "Hiroshi", "美咲", "Wei", "서연",
  ]
  static let lastNames = [
    "Johnson", "Williams", "Brown", "Davis", "Miller", "Wilson", "Moore", "Taylor", "Anderson",
    "Thomas", "García", "Müller", "Østergaard", "Núñez", "山田", "王", "김", "Lefèvre",
  ]
}
