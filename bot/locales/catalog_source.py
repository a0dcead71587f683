"""Source of the it / es / ja catalogs (bot strings in Italian; command names and
descriptions in Italian, Spanish, Japanese). Regenerate with
``python -m bot.locales.catalog_source``."""
IT = {
'error.state_unreadable': 'Lo stato salvato di **{name}** (partita {id}) non può essere letto da questa versione di dakbot. Non è cambiato nulla. Chi gestisce la partita può abbandonarla con /game abandon, o chiedere a chi gestisce il bot di ripristinarla o correggerla.',
'error.attention': '**{name}** (partita {id}) ha bisogno di chi la gestisce: il suo stato salvato non può essere letto da questa versione di dakbot, quindi i promemoria sono sospesi. <@{manager}>: /game abandon la termina; chi gestisce il bot può ripristinarla o correggerla.',
'error.hours': 'Indica un numero di ore tra 1 e {max}.',
'console.start_new': 'Inizia una nuova partita con: dakbot console --new',
'card.order': 'Ordine delle Fazioni: {order}',
'card.shaded': 'Ombreggiato:',
'card.unshaded': 'Non ombreggiato:',
'console.ask_scenario': 'Scenario (short/main) [short]: ',
'console.map_written': 'Mappa scritta in {path}',
'console.no_map': '(nessuna immagine della mappa: il disegnatore non è disponibile)',
'console.resume': 'Si riprende la partita {id} ({scenario}).',
'console.unknown': 'Comando sconosciuto /{cmd}. ',
'console.welcome': 'Console di dakbot: Gandhi, un solo schermo. /help per i comandi.',
'console.help': 'Scrivi il numero o l\'id di una scelta. Comandi: /map (scrive la mappa in ./maps/), /status, /undo, /log [n], /help, /quit.',
'dashboard.deadline': 'Scadenza per decisione: {hours} h.',
'dashboard.title': '📌 Quadro della partita',
'error.already_started': 'La partita è già iniziata.',
'error.channel_busy': 'Questo canale ha già una partita. Finitela o abbandonatela prima.',
'error.empty_seats': 'Nessuno tiene {factions}: serve un giocatore (/game join) oppure vanno assegnate ai bot alla creazione della partita.',
'error.faction': "Fazione sconosciuta '{faction}': scegli raj, inc, ml o rev.",
'error.finished': 'Questa partita è finita.',
'error.illegal': '{reason}',
'error.internal': 'Spiacenti, qualcosa è andato storto. La partita non è cambiata; riprova.',
'error.leave_started': 'La partita è iniziata: usa /game resign (o chiedi /game replace).',
'error.manage': 'Solo chi ha creato la partita o chi ha il permesso Gestire i canali può farlo.',
'error.no_card': 'Non esiste la carta #{number}.',
'error.no_choice': 'Prima scegli qualcosa.',
'error.no_free_seat': 'Tutti i posti sono occupati.',
'error.no_game': "Non c'è nessuna partita in questo canale. Iniziane una con /game new.",
'error.no_game_id': 'Non esiste la partita {id}.',
'error.no_rule': 'Non esiste la regola {section}: i capitoli vanno da 1 a 8.',
'error.no_seat': 'Non hai nessun posto in questa partita.',
'error.no_space': "Non esiste lo spazio '{name}'.",
'error.not_started': 'La partita non è ancora iniziata.',
'error.not_your_seat': 'Decide {faction} e tu non tieni quel posto (lo tiene {holder}).',
'error.seat_unheld': 'Decide {faction} e tu non tieni quel posto (nessuno lo tiene ancora).',
'error.nothing_to_undo': "Non c'è niente da annullare.",
'error.reminder_hours': 'I promemoria arrivano al massimo una volta all\'ora.',
'error.resign_when': 'Puoi ritirarti solo da una partita in corso (prima dell\'inizio usa /game leave).',
'error.scenario': "Scenario sconosciuto '{scenario}': scegli short o main.",
'error.seat_bot': '{faction} è giocata dal bot.',
'error.seat_taken': '{faction} è già tenuta da <@{user}>.',
'error.seat_yours': 'Tieni già {faction}.',
'error.seats': 'Una partita ha da 1 a 4 giocatori, non {seats}.',
'error.stale': 'La partita è andata avanti: ecco una richiesta aggiornata.',
'error.start_who': 'Solo chi ha creato la partita o un giocatore seduto può iniziarla.',
'error.undo_hidden': 'Impossibile annullare: da allora è stato tirato un dado o rivelata una carta.',
'error.undo_not_yours': 'Solo il giocatore di {faction} può annullare, e solo prima che agisca un altro giocatore.',
'faction.inc': 'Congresso',
'faction.ml': 'Lega Musulmana',
'faction.raj': 'Raj Britannico',
'faction.rev': 'Rivoluzionari',
'game.abandoned': '**{name}** è stata abbandonata. Seme: {seed}.',
'game.created': 'Nuova partita **{name}** (scenario {scenario}, {seats} giocatori) creata da <@{user}>. Entrate con /game join, poi /game start.',
'game.joined': '<@{user}> prende {factions}.',
'game.left': '<@{user}> lascia la partita.',
'game.over': 'Partita finita: vince {winner} ({how}). Seme: {seed} (verificalo con `dakbot verify`).',
'result.victory_check': 'verifica della vittoria in un Round Campagna',
'result.final': 'miglior margine dopo la Campagna finale',
'game.reminders': 'Promemoria ogni {hours} h; scadenza: {deadline}.',
'game.replaced': '{factions} ora giocata da <@{user}>.',
'game.resigned': '<@{user}> si ritira da {factions}; il posto è libero (/game join).',
'game.started': 'Inizia **{name}**. Hash del seme (SHA-256, per verificare il mescolamento alla fine): `{hash}`',
'game.starting': 'Si comincia…',
'game.undone': '<@{user}> ha annullato le scelte di {faction}.',
'help.text': '**dakbot**: Gandhi per corrispondenza.\n/game new, /game join, /game start: preparazione.\n/play: la tua richiesta privata (scegli, poi Conferma). /undo: ritira le tue scelte.\n/map, /card, /space, /log, /rules, /game status: consultazione.\n/game reminders: intervallo dei promemoria e scadenza. /game resign, /game replace, /game abandon: posti e fine partita.',
'log.empty': 'Il registro è vuoto.',
'map.none': "L'immagine della mappa non è disponibile.",
'play.back': 'Indietro',
'play.cancel': 'Annulla',
'play.confirm': 'Conferma per giocare queste scelte (il turno passa, oppure si tira un dado o si rivela una carta).',
'play.confirm_button': 'Conferma',
'play.confirm_hint': 'Premi Conferma per giocare, Indietro per cambiare l\'ultima scelta.',
'play.done': 'Fatto.',
'play.nothing': 'Ora non devi decidere niente.',
'play.page': 'Pagina {page} di {pages}.',
'play.played': 'Giocato.',
'play.select': 'Scegli… (pagina {page}/{pages})',
'play.so_far': 'Finora: {choices}',
'play.stale': 'Questa richiesta non è più valida. Eccone una aggiornata.',
'reminder.deadline': '**{game}**: è scaduto il tempo per {faction} ({who}).',
'reminder.text': '**{game}**: promemoria, tocca a {faction} ({who}) decidere: {prompt}',
'rules.where': 'La regola {section} è nel capitolo {chapter}: {title}.',
'space.adjacent': 'Adiacenti: {spaces}',
'space.now': 'Ora: Supporto {support}, Controllo Raj {control}, pezzi: {pieces}',
'space.pop': 'Popolazione {pop}',
'status.abandoned': 'abbandonata',
'status.active': 'in corso',
'status.bot': 'bot',
'status.cards': 'Carta attuale: {current}. Carta successiva: {next}.',
'status.finished': 'finita',
'status.free': 'libero',
'status.header': '**{name}** (partita {id}, Gandhi, scenario {scenario}): {status}',
'status.setup': 'in attesa di giocatori',
'status.to_act': 'Decide: {faction} ({who}).',
'status.tracks': 'Restrizioni {restraint}, Unità {unity}, Risorse: Raj {raj}, Rivoluzionari {rev}.',
'status.victory': 'Vittoria: {totals}.',
'turn.next': 'Decide {faction}: {prompt}',
'turn.next_who': '**{game}**: decide {faction} ({who}): {prompt}',
}
# command names (lowercase, <= 32) and descriptions (<= 100) for Discord
CMDS = {
 # key: (en, it, es, ja)
 'cmd.game': ('game', 'partita', 'partida', 'ゲーム'),
 'cmd.new': ('new', 'nuova', 'nueva', '新規'),
 'cmd.join': ('join', 'entra', 'unirse', '参加'),
 'cmd.leave': ('leave', 'esci', 'salir', '退出'),
 'cmd.start': ('start', 'inizia', 'empezar', '開始'),
 'cmd.status': ('status', 'stato', 'estado', '状況'),
 'cmd.abandon': ('abandon', 'abbandona', 'abandonar', '放棄'),
 'cmd.replace': ('replace', 'sostituisci', 'reemplazar', '交代'),
 'cmd.resign': ('resign', 'ritirati', 'rendirse', '投了'),
 'cmd.reminders': ('reminders', 'promemoria', 'recordatorios', 'リマインダー'),
 'cmd.play': ('play', 'gioca', 'jugar', 'プレイ'),
 'cmd.undo': ('undo', 'annulla', 'deshacer', '取り消し'),
 'cmd.map': ('map', 'mappa', 'mapa', 'マップ'),
 'cmd.card': ('card', 'carta', 'carta', 'カード'),
 'cmd.space': ('space', 'spazio', 'espacio', 'スペース'),
 'cmd.log': ('log', 'registro', 'registro', 'ログ'),
 'cmd.rules': ('rules', 'regole', 'reglas', 'ルール'),
 'cmd.help': ('help', 'aiuto', 'ayuda', 'ヘルプ'),
}
DESC = {
 'cmd.game.desc': ('Crea e gestisci una partita di Gandhi', 'Crea y gestiona una partida de Gandhi', 'ガンジーのゲームを作成・管理する'),
 'cmd.new.desc': ('Crea una partita in questo canale', 'Crea una partida en este canal', 'このチャンネルでゲームを作成する'),
 'cmd.join.desc': ('Prendi un posto', 'Ocupa un puesto', '席に着く'),
 'cmd.leave.desc': ("Lascia il tuo posto prima dell'inizio", 'Deja tu puesto antes del comienzo', '開始前に席を離れる'),
 'cmd.start.desc': ('Inizia la partita', 'Empieza la partida', 'ゲームを開始する'),
 'cmd.status.desc': ('Posti, carte, tabelle e chi deve agire', 'Puestos, cartas, medidores y quién debe actuar', '席・カード・トラックと手番'),
 'cmd.abandon.desc': ('Termina la partita incompiuta', 'Termina la partida sin acabar', 'ゲームを途中で終了する'),
 'cmd.replace.desc': ('Dai un posto a un altro membro', 'Da un puesto a otro miembro', '席を別のメンバーに渡す'),
 'cmd.resign.desc': ('Lascia i tuoi posti in una partita in corso', 'Abandona tus puestos en una partida en curso', '進行中のゲームの席を放棄する'),
 'cmd.reminders.desc': ('Intervallo dei promemoria e scadenza, in ore', 'Intervalo de recordatorios y plazo, en horas', 'リマインダー間隔と期限(時間)'),
 'cmd.play.desc': ('Prendi la tua decisione (richiesta privata)', 'Toma tu decisión (aviso privado)', '自分の決定をする(非公開)'),
 'cmd.undo.desc': ('Ritira le tue scelte (finché non agisce un altro o si rivela un dado/carta)', 'Deshaz tus elecciones (hasta que actúe otro o se revele un dado/carta)', '自分の選択を取り消す(他者の行動やダイス/カード公開まで)'),
 'cmd.map.desc': ('Mostra la mappa', 'Muestra el mapa', 'マップを表示する'),
 'cmd.card.desc': ('Mostra una carta', 'Muestra una carta', 'カードを表示する'),
 'cmd.space.desc': ('Mostra uno spazio', 'Muestra una casilla', 'スペースを表示する'),
 'cmd.log.desc': ('Le ultime righe del registro di gioco', 'Las últimas líneas del registro', 'ゲームログの最後の行'),
 'cmd.rules.desc': ('Dove si trova una regola', 'Dónde está una regla', 'ルールの場所'),
 'cmd.help.desc': ('Come giocare con dakbot', 'Cómo jugar con dakbot', 'dakbotの遊び方'),
 'opt.scenario.desc': ('short o main', 'short o main', 'short か main'),
 'opt.players.desc': ('numero di giocatori, 1-4', 'número de jugadores, 1-4', 'プレイヤー数 1-4'),
 'opt.bots.desc': ('Fazioni giocate dal bot, es. ml,rev', 'Facciones jugadas por el bot, p. ej. ml,rev', 'ボットが担当するファクション 例 ml,rev'),
 'opt.faction.desc': ('la Fazione che vuoi (predefinito: il primo posto libero)', 'la Facción que quieres (por defecto: el primer puesto libre)', '希望するファクション(省略時は最初の空席)'),
 'opt.seat.desc': ('la Fazione del posto', 'la Facción del puesto', '席のファクション'),
 'opt.member.desc': ('il nuovo giocatore', 'el nuevo jugador', '新しいプレイヤー'),
 'opt.hours.desc': ('ore tra i promemoria (predefinito 24)', 'horas entre recordatorios (por defecto 24)', 'リマインダーの間隔(時間、既定24)'),
 'opt.deadline.desc': ('ore concesse per decisione (0: nessuna)', 'horas por decisión (0: sin plazo)', '1決定あたりの時間(0で無期限)'),
 'opt.card.desc': ('numero o titolo della carta', 'número o título de la carta', 'カード番号または名前'),
 'opt.space.desc': ('lo spazio', 'la casilla', 'スペース'),
 'opt.lines.desc': ('quante righe', 'cuántas líneas', '行数'),
 'opt.section.desc': ('un numero di regola come 3.2.1', 'un número de regla como 3.2.1', '3.2.1 のようなルール番号'),
}


def main() -> None:
    import os, sys
    from bot.locales.extract import write_po
    base = 'bot/locales'
    it = dict(IT); es = {}; ja = {}
    for k, (en, i, e, j) in CMDS.items():
        it[k + '.name'] = i; es[k + '.name'] = e; ja[k + '.name'] = j
    for k, (i, e, j) in DESC.items():
        it[k] = i; es[k] = e; ja[k] = j
    es.update({'faction.raj': 'Raj Británico', 'faction.inc': 'Congreso', 'faction.ml': 'Liga Musulmana', 'faction.rev': 'Revolucionarios'})
    ja.update({'faction.raj': 'イギリス領インド帝国(ラージ)', 'faction.inc': '国民会議', 'faction.ml': 'ムスリム連盟', 'faction.rev': '革命派'})
    from bot.i18n import catalog

    # The es/ja bot strings are translated in their .po files directly: keep
    # them and refresh only the command names, descriptions and Faction names.
    es = {**catalog('es'), **es}
    ja = {**catalog('ja'), **ja}
    write_po(f'{base}/it/LC_MESSAGES/dakbot.po', it, 'it')
    write_po(f'{base}/es/LC_MESSAGES/dakbot.po', es, 'es')
    write_po(f'{base}/ja/LC_MESSAGES/dakbot.po', ja, 'ja')


if __name__ == "__main__":
    main()
