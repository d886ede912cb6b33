"""The trading glossary the educator answers from: concepts in English, Russian and Spanish.

Each entry: (names "en|ru|es", aliases {lang: "a;b;c"}, texts (en, ru, es), related keys).
Aliases are matched on word boundaries in normalised text (lower case, no Spanish accents, ё=е).
Lookup helpers are at the end: find_concepts(text), lookup(term), explain(term, lang).
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

E = dict  # brevity

ENTRIES: dict[str, tuple] = {
    "rsi": ("RSI (Relative Strength Index)|RSI (индекс относительной силы)|RSI (índice de fuerza relativa)",
            E(en="rsi;relative strength index;relative strength", ru="rsi;рси;индекс относительной силы",
              es="rsi;indice de fuerza relativa;fuerza relativa"),
            ("A momentum oscillator from 0 to 100 that compares the size of recent gains with recent losses, usually over 14 bars with Wilder smoothing. Readings above 70 are read as overbought, below 30 as oversold; divergences between RSI and price can warn of a weakening trend.",
             "Осциллятор импульса от 0 до 100: сравнивает величину недавних ростов с недавними падениями, обычно за 14 баров со сглаживанием Уайлдера. Выше 70 рынок считают перекупленным, ниже 30 — перепроданным; расхождение RSI с ценой может предупреждать об ослаблении тренда.",
             "Oscilador de momento de 0 a 100 que compara el tamaño de las subidas recientes con el de las bajadas, normalmente en 14 barras con el suavizado de Wilder. Por encima de 70 se considera sobrecompra y por debajo de 30 sobreventa; las divergencias con el precio pueden anticipar un tendencia que se debilita."),
            ["macd", "overbought_oversold", "divergence"]),
    "macd": ("MACD (Moving Average Convergence Divergence)|MACD (схождение-расхождение скользящих средних)|MACD (convergencia/divergencia de medias móviles)",
             E(en="macd;moving average convergence divergence", ru="macd;макд;схождение расхождение скользящих",
               es="macd;convergencia divergencia de medias moviles"),
             ("The difference between a fast and a slow exponential moving average of price (usually 12 and 26), with a signal line that is the 9-period EMA of that difference. Crossings of the signal line and of zero are used as momentum and trend signals; the histogram shows the gap between MACD and its signal.",
              "Разница между быстрой и медленной экспоненциальными скользящими средними цены (обычно 12 и 26) и сигнальная линия — 9-периодная EMA этой разницы. Пересечения сигнальной линии и нуля используют как сигналы импульса и тренда; гистограмма показывает расстояние между MACD и сигнальной линией.",
              "La diferencia entre una media móvil exponencial rápida y una lenta del precio (normalmente 12 y 26), con una línea de señal que es la EMA de 9 periodos de esa diferencia. Los cruces con la señal y con cero se usan como señales de momento y tendencia; el histograma muestra la distancia entre el MACD y su señal."),
             ["ema", "rsi", "trend"]),
    "bollinger": ("Bollinger Bands|Полосы Боллинджера|Bandas de Bollinger",
                  E(en="bollinger bands;bollinger;bollinger band", ru="полосы боллинджера;боллинджер;боллинджера",
                    es="bandas de bollinger;bollinger"),
                  ("A moving average (usually 20 bars) with bands two standard deviations above and below it. The bands widen when volatility rises and narrow when it falls; price near a band shows a stretched move relative to recent volatility, and a squeeze often precedes a breakout.",
                   "Скользящая средняя (обычно 20 баров) и полосы на две стандартные девиации выше и ниже неё. Полосы расширяются при росте волатильности и сужаются при её падении; цена у полосы означает растянутое движение относительно недавней волатильности, а сжатие полос часто предшествует пробою.",
                   "Una media móvil (normalmente de 20 barras) con bandas a dos desviaciones estándar por encima y por debajo. Las bandas se ensanchan cuando sube la volatilidad y se estrechan cuando baja; el precio cerca de una banda indica un movimiento extendido, y un estrechamiento suele preceder a una ruptura."),
                  ["sma", "volatility", "breakout"]),
    "sma": ("Simple moving average (SMA)|Простая скользящая средняя (SMA)|Media móvil simple (SMA)",
            E(en="sma;simple moving average;moving average;moving averages", ru="sma;скользящая средняя;простая скользящая средняя;скользящие средние;машка",
              es="sma;media movil simple;media movil;medias moviles"),
            ("The plain average of the last N closes (for example 20, 50 or 200 days), recomputed every bar. It smooths noise and shows the trend: price above a rising average is an uptrend sign; crossings of a fast and a slow average are classic trend signals.",
             "Обычное среднее последних N цен закрытия (например, 20, 50 или 200 дней), пересчитываемое на каждом баре. Сглаживает шум и показывает тренд: цена выше растущей средней — признак восходящего тренда; пересечения быстрой и медленной средних — классические сигналы.",
             "El promedio simple de los últimos N cierres (por ejemplo 20, 50 o 200 días), recalculado en cada barra. Suaviza el ruido y muestra la tendencia: el precio por encima de una media creciente es señal alcista; los cruces de una media rápida y una lenta son señales clásicas."),
            ["ema", "trend", "bollinger"]),
    "ema": ("Exponential moving average (EMA)|Экспоненциальная скользящая средняя (EMA)|Media móvil exponencial (EMA)",
            E(en="ema;exponential moving average", ru="ema;экспоненциальная скользящая средняя;экспоненциальная средняя",
              es="ema;media movil exponencial"),
            ("A moving average that weights recent closes more heavily (smoothing factor 2/(N+1)), so it reacts faster to new prices than a simple average of the same length. It is the building block of MACD.",
             "Скользящая средняя, в которой последние цены закрытия весят больше (коэффициент сглаживания 2/(N+1)), поэтому она быстрее реагирует на новые цены, чем простая средняя той же длины. Из EMA строится MACD.",
             "Una media móvil que da más peso a los cierres recientes (factor de suavizado 2/(N+1)), por lo que reacciona más rápido que una media simple de la misma longitud. Es la base del MACD."),
            ["sma", "macd"]),
    "atr": ("Average True Range (ATR)|Средний истинный диапазон (ATR)|Rango verdadero medio (ATR)",
            E(en="atr;average true range;true range", ru="atr;средний истинный диапазон;истинный диапазон",
              es="atr;rango verdadero medio;rango verdadero promedio"),
            ("The average of the true range over N bars (usually 14): the largest of high minus low, high minus the previous close, and the previous close minus low. It measures volatility in price units and is often used to size stops and positions.",
             "Среднее истинного диапазона за N баров (обычно 14): наибольшее из «максимум минус минимум», «максимум минус предыдущее закрытие» и «предыдущее закрытие минус минимум». Измеряет волатильность в пунктах цены; по нему часто ставят стопы и считают размер позиции.",
             "La media del rango verdadero en N barras (normalmente 14): el mayor entre máximo menos mínimo, máximo menos el cierre anterior y el cierre anterior menos el mínimo. Mide la volatilidad en unidades de precio y se usa para fijar stops y tamaños de posición."),
            ["volatility", "stop_loss"]),
    "vwap": ("VWAP (Volume-Weighted Average Price)|VWAP (средневзвешенная по объёму цена)|VWAP (precio medio ponderado por volumen)",
             E(en="vwap;volume weighted average price;volume-weighted average price", ru="vwap;средневзвешенная по объему цена;средневзвешенная цена",
               es="vwap;precio medio ponderado por volumen;precio promedio ponderado por volumen"),
             ("The average price of the session weighted by the volume traded at each price, reset every day. Institutions use it as an execution benchmark; price above VWAP means buyers have paid up on average during the day.",
              "Средняя цена сессии, взвешенная по объёму, проторгованному на каждой цене; обнуляется каждый день. Институционалы используют её как ориентир исполнения; цена выше VWAP означает, что в среднем за день покупатели платили дороже.",
              "El precio medio de la sesión ponderado por el volumen negociado en cada precio, que se reinicia cada día. Las instituciones lo usan como referencia de ejecución; el precio por encima del VWAP indica que los compradores pagaron más en promedio."),
             ["volume", "volume_profile"]),
    "obv": ("On-Balance Volume (OBV)|Балансовый объём (OBV)|Volumen en balance (OBV)",
            E(en="obv;on balance volume;on-balance volume", ru="obv;балансовый объем;балансовый объём",
              es="obv;volumen en balance"),
            ("A running total of volume: the day's volume is added when the close is up and subtracted when it is down. Rising OBV with flat price suggests accumulation; divergences between OBV and price hint that a move lacks volume support.",
             "Накопительная сумма объёма: объём дня прибавляется, если закрытие выше предыдущего, и вычитается, если ниже. Рост OBV при боковой цене говорит о накоплении; расхождения OBV и цены намекают, что движению не хватает объёма.",
             "Un total acumulado del volumen: se suma el volumen del día cuando el cierre sube y se resta cuando baja. Un OBV creciente con el precio plano sugiere acumulación; las divergencias con el precio indican que al movimiento le falta volumen."),
            ["volume", "divergence"]),
    "adx": ("Average Directional Index (ADX)|Индекс среднего направленного движения (ADX)|Índice direccional medio (ADX)",
            E(en="adx;average directional index;directional movement", ru="adx;индекс направленного движения;индекс среднего направленного движения",
              es="adx;indice direccional medio;movimiento direccional"),
            ("A 0-100 measure of trend strength (not direction), usually over 14 bars, built from the +DI and -DI directional lines. Values above about 25 are read as a trending market, below 20 as a range.",
             "Мера силы тренда от 0 до 100 (не направления), обычно за 14 баров, строится из линий +DI и -DI. Значения выше примерно 25 считают трендом, ниже 20 — боковиком.",
             "Una medida de 0 a 100 de la fuerza de la tendencia (no de su dirección), normalmente en 14 barras, construida con las líneas +DI y -DI. Valores por encima de 25 indican tendencia; por debajo de 20, rango lateral."),
            ["trend", "atr"]),
    "volatility": ("Volatility|Волатильность|Volatilidad",
                   E(en="volatility;volatile;standard deviation of returns", ru="волатильность;волатильности;изменчивость",
                     es="volatilidad"),
                   ("How much prices fluctuate. Here it is the sample standard deviation of daily close-to-close percent returns within the period; annualised volatility multiplies it by the square root of 252. Higher volatility means larger typical daily moves and more risk.",
                    "Насколько сильно колеблется цена. Здесь это выборочное стандартное отклонение дневных доходностей (закрытие к закрытию, в процентах) за период; годовую волатильность получают умножением на корень из 252. Чем выше волатильность, тем больше типичные дневные движения и риск.",
                    "Cuánto fluctúan los precios. Aquí es la desviación estándar muestral de los rendimientos diarios de cierre a cierre, en porcentaje, dentro del periodo; la anualizada se obtiene multiplicando por la raíz de 252. Más volatilidad significa movimientos diarios más amplios y más riesgo."),
                   ["atr", "bollinger", "drawdown"]),
    "drawdown": ("Drawdown|Просадка|Drawdown (caída desde máximos)",
                 E(en="drawdown;max drawdown;maximum drawdown", ru="просадка;просадки;максимальная просадка",
                   es="drawdown;caida desde maximos;reduccion maxima"),
                 ("The decline from a running peak to a later trough, in percent. The maximum drawdown over a period is the worst such decline and is a standard measure of the pain an investor would have endured.",
                  "Снижение от текущего пика до последующего минимума, в процентах. Максимальная просадка за период — худшее такое снижение; стандартная мера того, что пришлось бы пережить инвестору.",
                  "La caída desde un máximo acumulado hasta un mínimo posterior, en porcentaje. El drawdown máximo de un periodo es la peor de esas caídas y mide el peor trago que habría sufrido un inversor."),
                 ["volatility", "stop_loss"]),
    "gap": ("Gap|Гэп (разрыв)|Gap (hueco)",
            E(en="gap;gaps;gap up;gap down", ru="гэп;гэпы;гэпа;геп;разрыв цены", es="gap;gaps;hueco;huecos"),
            ("A jump between the previous close and the next open, leaving a price area with no trading. Gap up: open above the prior close; gap down: below. Gaps often follow overnight news; traders watch whether they fill (price returns to the prior close).",
             "Скачок между предыдущим закрытием и следующим открытием, оставляющий зону цен без торгов. Гэп вверх — открытие выше прошлого закрытия, вниз — ниже. Гэпы часто следуют за ночными новостями; трейдеры следят, закроется ли гэп (вернётся ли цена к прошлому закрытию).",
             "Un salto entre el cierre anterior y la siguiente apertura, que deja una zona de precios sin negociación. Gap alcista: apertura por encima del cierre previo; bajista: por debajo. Suelen seguir a noticias nocturnas; se vigila si el hueco se cierra."),
            ["futures_session", "volatility"]),
    "support_resistance": ("Support and resistance|Поддержка и сопротивление|Soporte y resistencia",
                           E(en="support;resistance;support and resistance;support level;resistance level",
                             ru="поддержка;сопротивление;уровень поддержки;уровень сопротивления;поддержки и сопротивления",
                             es="soporte;resistencia;soporte y resistencia"),
                           ("Price areas where buying (support) or selling (resistance) has repeatedly stopped a move, such as prior highs and lows, round numbers or heavily traded prices. A clean break through a level often turns old resistance into support and vice versa.",
                            "Зоны цен, где покупки (поддержка) или продажи (сопротивление) не раз останавливали движение: прошлые максимумы и минимумы, круглые числа, цены с большим объёмом. После уверенного пробоя сопротивление часто становится поддержкой и наоборот.",
                            "Zonas de precio donde las compras (soporte) o las ventas (resistencia) han frenado el movimiento varias veces: máximos y mínimos previos, números redondos o precios muy negociados. Al romperse, la antigua resistencia suele convertirse en soporte y viceversa."),
                           ["breakout", "volume_profile", "trend"]),
    "futures_session": ("Futures trading session|Торговая сессия фьючерсов|Sesión de futuros",
                        E(en="futures session;trading session;session;globex;electronic session;rth;eth",
                          ru="сессия;торговая сессия;сессии фьючерсов;вечерняя сессия", es="sesion;sesion de futuros;sesion de negociacion"),
                        ("CME equity index futures (NQ, ES...) trade almost 24 hours: from 18:00 to 17:00 New York time, Sunday to Friday, with a daily one-hour break. The trading date is the day the session closes, so Sunday evening trading belongs to Monday. Regular trading hours (RTH) for US stocks are 09:30-16:00 New York.",
                         "Фьючерсы CME на индексы (NQ, ES...) торгуются почти круглосуточно: с 18:00 до 17:00 по Нью-Йорку, с воскресенья по пятницу, с часовым перерывом. Торговая дата — день закрытия сессии, поэтому торговля вечером в воскресенье относится к понедельнику. Основная сессия акций США (RTH) — 09:30-16:00 по Нью-Йорку.",
                         "Los futuros de índices del CME (NQ, ES...) cotizan casi 24 horas: de 18:00 a 17:00 hora de Nueva York, de domingo a viernes, con una pausa diaria de una hora. La fecha de negociación es el día en que cierra la sesión, así que el domingo por la tarde cuenta como lunes. El horario regular (RTH) de acciones de EE. UU. es 09:30-16:00 de Nueva York."),
                        ["rollover", "gap"]),
    "rollover": ("Rollover (contract roll)|Ролловер (переход на новый контракт)|Rollover (cambio de contrato)",
                 E(en="rollover;roll over;contract roll;roll", ru="ролловер;роловер;переход на новый контракт;экспирация",
                   es="rollover;cambio de contrato;renovacion de contrato;vencimiento"),
                 ("Futures expire, so traders move positions from the expiring contract to the next one, usually about a week before expiry (for quarterly equity index futures: March, June, September, December). Continuous charts join contracts at the roll, which can create an artificial price jump unless back-adjusted.",
                  "Фьючерсы истекают, поэтому позиции переносят с истекающего контракта на следующий, обычно примерно за неделю до экспирации (у квартальных индексных фьючерсов — март, июнь, сентябрь, декабрь). Непрерывные графики склеивают контракты в момент ролловера, что без корректировки даёт искусственный скачок цены.",
                  "Los futuros vencen, así que las posiciones se pasan del contrato que vence al siguiente, normalmente una semana antes (en los futuros trimestrales de índices: marzo, junio, septiembre, diciembre). Los gráficos continuos unen contratos en el cambio, lo que puede crear un salto artificial si no se ajustan."),
                 ["contango", "futures_session", "open_interest"]),
    "contango": ("Contango and backwardation|Контанго и бэквордация|Contango y backwardation",
                 E(en="contango;backwardation", ru="контанго;бэквордация;бэквардация", es="contango;backwardation"),
                 ("Contango: later futures contracts are priced above the spot or nearer contracts (carry costs, storage, interest). Backwardation: the reverse, typical when the commodity is scarce now. The shape matters for rollover returns: rolling in contango costs money, in backwardation it earns.",
                  "Контанго — дальние фьючерсы дороже спота или ближних контрактов (стоимость хранения, процент). Бэквордация — наоборот, типична при дефиците товара сейчас. Форма кривой влияет на доходность ролловера: в контанго перекат стоит денег, в бэквордации приносит.",
                  "Contango: los contratos más lejanos cotizan por encima del contado o de los cercanos (costes de almacenaje, intereses). Backwardation: lo contrario, típico cuando hay escasez ahora. La forma de la curva afecta al rollover: en contango renovar cuesta dinero, en backwardation lo aporta."),
                 ["rollover", "open_interest"]),
    "open_interest": ("Open interest|Открытый интерес|Interés abierto",
                      E(en="open interest;oi", ru="открытый интерес;открытого интереса", es="interes abierto;posiciones abiertas"),
                      ("The number of futures or options contracts outstanding (opened and not yet closed). Rising open interest with rising price suggests new money joining the trend; falling open interest suggests positions being closed.",
                       "Число открытых и ещё не закрытых фьючерсных или опционных контрактов. Рост открытого интереса вместе с ценой говорит о притоке новых денег в тренд; снижение — о закрытии позиций.",
                       "El número de contratos de futuros u opciones abiertos y aún no cerrados. Un interés abierto creciente con el precio al alza sugiere dinero nuevo en la tendencia; si baja, se están cerrando posiciones."),
                      ["volume", "rollover"]),
    "volume_profile": ("Volume profile|Профиль объёма|Perfil de volumen",
                       E(en="volume profile;point of control;poc;value area", ru="профиль объема;профиль объёма;точка контроля;зона стоимости",
                         es="perfil de volumen;punto de control;area de valor"),
                       ("A histogram of traded volume by price level over a period, rather than by time. The price with the most volume is the point of control (POC); the value area holds about 70% of volume. High-volume prices often act as support or resistance.",
                        "Гистограмма проторгованного объёма по уровням цены за период, а не по времени. Цена с наибольшим объёмом — точка контроля (POC); зона стоимости содержит около 70% объёма. Цены с большим объёмом часто работают как поддержка или сопротивление.",
                        "Un histograma del volumen negociado por nivel de precio en un periodo, en lugar de por tiempo. El precio con más volumen es el punto de control (POC); el área de valor contiene cerca del 70% del volumen. Los precios con mucho volumen suelen actuar como soporte o resistencia."),
                       ["vwap", "support_resistance", "volume"]),
    "liquidity": ("Liquidity|Ликвидность|Liquidez",
                  E(en="liquidity;liquid;illiquid", ru="ликвидность;ликвидности;ликвидный", es="liquidez;liquido"),
                  ("How easily size can be traded without moving the price: deep order books, tight spreads and high volume mean high liquidity. Illiquid markets have wider spreads, more slippage and sharper moves on small orders.",
                   "Насколько легко торговать объёмом, не сдвигая цену: глубокий стакан, узкий спред и большой объём означают высокую ликвидность. На неликвидном рынке шире спреды, больше проскальзывание и резче движения от небольших заявок.",
                   "La facilidad para negociar tamaño sin mover el precio: libros de órdenes profundos, spreads estrechos y mucho volumen indican alta liquidez. En mercados ilíquidos hay spreads más amplios, más deslizamiento y movimientos bruscos con órdenes pequeñas."),
                  ["spread", "slippage", "volume"]),
    "spread": ("Bid-ask spread|Спред (разница bid/ask)|Spread (diferencial compra/venta)",
               E(en="spread;bid ask spread;bid-ask spread;bid/ask", ru="спред;спреда;разница между бид и аск", es="spread;diferencial;horquilla"),
               ("The difference between the best bid (highest buy order) and the best ask (lowest sell order). It is a cost paid on every round trip with market orders; liquid futures like NQ usually trade one tick wide.",
                "Разница между лучшей ценой покупки (bid) и лучшей ценой продажи (ask). Это издержка на каждую сделку рыночными заявками; у ликвидных фьючерсов вроде NQ спред обычно в один тик.",
                "La diferencia entre la mejor oferta de compra (bid) y la mejor de venta (ask). Es un coste en cada operación con órdenes a mercado; los futuros líquidos como NQ suelen cotizar con un tick de diferencia."),
               ["liquidity", "tick", "slippage"]),
    "stop_loss": ("Stop loss|Стоп-лосс|Stop loss",
                  E(en="stop loss;stop-loss;stop order;stop", ru="стоп лосс;стоп-лосс;стоп;стопа;стоп приказ", es="stop loss;stop;orden stop;stop de perdidas"),
                  ("An order that closes a position once price reaches a set level, capping the loss on a trade. It becomes a market order when triggered, so in fast markets or gaps the fill can be worse than the stop price.",
                   "Заявка, закрывающая позицию при достижении заданной цены и ограничивающая убыток по сделке. При срабатывании становится рыночной, поэтому на быстром рынке или гэпе исполнение может быть хуже цены стопа.",
                   "Una orden que cierra la posición cuando el precio alcanza un nivel fijado, limitando la pérdida. Al activarse se convierte en orden a mercado, así que con movimientos rápidos o huecos la ejecución puede ser peor que el precio del stop."),
                  ["take_profit", "atr", "slippage"]),
    "take_profit": ("Take profit|Тейк-профит|Take profit (toma de beneficios)",
                    E(en="take profit;take-profit;profit target", ru="тейк профит;тейк-профит;тейк", es="take profit;toma de beneficios;objetivo de beneficio"),
                    ("A limit order that closes a winning position at a target price, locking in the gain. Together with the stop loss it defines a trade's reward-to-risk ratio.",
                     "Лимитная заявка, закрывающая прибыльную позицию на целевой цене и фиксирующая прибыль. Вместе со стоп-лоссом задаёт соотношение прибыли к риску.",
                     "Una orden limitada que cierra una posición ganadora en un precio objetivo, asegurando el beneficio. Junto con el stop loss define la relación beneficio/riesgo."),
                    ["stop_loss", "limit_order"]),
    "leverage": ("Leverage|Кредитное плечо|Apalancamiento",
                 E(en="leverage;leveraged", ru="плечо;кредитное плечо;левередж;плеча", es="apalancamiento;apalancado"),
                 ("Controlling a position larger than the cash put up. Futures are leveraged by design: one NQ contract is worth 20 times the index while the margin is a fraction of that. Leverage multiplies gains and losses alike.",
                  "Управление позицией больше, чем внесённые деньги. Фьючерсы устроены с плечом: один контракт NQ стоит 20 индексов, а маржа — лишь часть этого. Плечо умножает и прибыль, и убытки.",
                  "Controlar una posición mayor que el dinero aportado. Los futuros están apalancados por diseño: un contrato NQ vale 20 veces el índice y el margen es solo una fracción. El apalancamiento multiplica ganancias y pérdidas."),
                 ["margin", "stop_loss"]),
    "margin": ("Margin|Маржа (гарантийное обеспечение)|Margen",
               E(en="margin;initial margin;maintenance margin;margin call", ru="маржа;гарантийное обеспечение;маржин колл;маржин-колл",
                 es="margen;margen inicial;llamada de margen"),
               ("The collateral a broker or exchange requires to hold a leveraged position. Initial margin opens it, maintenance margin keeps it; if losses push equity below maintenance, a margin call demands more funds or the position is closed.",
                "Залог, который брокер или биржа требует для удержания позиции с плечом. Начальная маржа нужна для открытия, поддерживающая — для удержания; если убытки опускают средства ниже поддерживающей, приходит маржин-колл или позицию закрывают.",
                "La garantía que exige el bróker o la bolsa para mantener una posición apalancada. El margen inicial la abre y el de mantenimiento la sostiene; si las pérdidas bajan el capital por debajo, llega una llamada de margen o se cierra la posición."),
               ["leverage"]),
    "short_selling": ("Short selling|Короткая продажа (шорт)|Venta en corto",
                      E(en="short selling;short sell;shorting;going short;short position;short", ru="шорт;шорты;короткая продажа;короткая позиция;шортить",
                        es="venta en corto;posicion corta;corto;ponerse corto"),
                      ("Selling first and buying back later to profit from a fall. With stocks the shares are borrowed; with futures a short is simply a sold contract. Losses on a short are unlimited in theory because price can keep rising.",
                       "Сначала продать, потом откупить, чтобы заработать на падении. В акциях бумаги берут взаймы, во фьючерсах шорт — просто проданный контракт. Убыток по шорту теоретически не ограничен, потому что цена может расти бесконечно.",
                       "Vender primero y recomprar después para ganar con una caída. En acciones se piden prestadas; en futuros basta con vender el contrato. Las pérdidas de un corto son teóricamente ilimitadas porque el precio puede seguir subiendo."),
                      ["margin", "leverage"]),
    "candlestick": ("Candlestick (OHLC bar)|Японская свеча (бар OHLC)|Vela japonesa (barra OHLC)",
                    E(en="candlestick;candlesticks;candle;candles;ohlc;ohlc bar;bar", ru="свеча;свечи;японская свеча;свечной;свечей;бар;ohlc",
                      es="vela;velas;vela japonesa;ohlc;barra"),
                    ("One bar of price data: open, high, low and close over an interval (a minute, an hour, a day). The body spans open to close, the wicks reach the high and low; a close above the open is a rising (green) candle.",
                     "Один бар цены: открытие, максимум, минимум и закрытие за интервал (минута, час, день). Тело — от открытия до закрытия, тени — до максимума и минимума; закрытие выше открытия — растущая (зелёная) свеча.",
                     "Una barra de precio: apertura, máximo, mínimo y cierre en un intervalo (un minuto, una hora, un día). El cuerpo va de la apertura al cierre y las mechas llegan al máximo y al mínimo; un cierre por encima de la apertura es una vela alcista (verde)."),
                    ["trend", "gap"]),
    "trend": ("Trend|Тренд|Tendencia",
              E(en="trend;uptrend;downtrend;trending", ru="тренд;тренда;тенденция;восходящий тренд;нисходящий тренд", es="tendencia;tendencia alcista;tendencia bajista"),
              ("The prevailing direction of price: higher highs and higher lows in an uptrend, lower highs and lower lows in a downtrend. Moving averages and ADX are common ways to measure it; a market without a trend is ranging.",
               "Преобладающее направление цены: в восходящем тренде максимумы и минимумы повышаются, в нисходящем понижаются. Его измеряют скользящими средними и ADX; рынок без тренда называют боковиком.",
               "La dirección predominante del precio: máximos y mínimos crecientes en tendencia alcista, decrecientes en bajista. Se mide con medias móviles y ADX; un mercado sin tendencia está en rango."),
              ["sma", "adx", "support_resistance"]),
    "volume": ("Volume|Объём торгов|Volumen",
               E(en="volume;trading volume", ru="объем;объём;объем торгов;объёмы", es="volumen;volumen de negociacion"),
               ("The number of contracts or shares traded in a bar or period. Moves on high volume are considered more convincing; here total volume sums the period's bars and average daily volume divides that by the number of trading dates.",
                "Количество контрактов или акций, проторгованных за бар или период. Движения на большом объёме считают более убедительными; здесь общий объём — сумма по барам периода, а средний дневной — эта сумма, делённая на число торговых дней.",
                "El número de contratos o acciones negociados en una barra o periodo. Los movimientos con mucho volumen se consideran más fiables; aquí el volumen total suma las barras del periodo y el volumen medio diario lo divide entre los días de negociación."),
               ["vwap", "obv", "volume_profile"]),
    "breakout": ("Breakout|Пробой|Ruptura (breakout)",
                 E(en="breakout;break out;breakdown", ru="пробой;пробоя;пробитие уровня", es="ruptura;breakout;rotura"),
                 ("Price moving decisively through a support or resistance level or out of a range, ideally on rising volume. False breakouts that quickly reverse are common, so traders often wait for a close beyond the level.",
                  "Уверенный выход цены за уровень поддержки или сопротивления или из диапазона, в идеале на растущем объёме. Ложные пробои с быстрым возвратом часты, поэтому трейдеры часто ждут закрытия за уровнем.",
                  "El precio atraviesa con decisión un soporte, una resistencia o un rango, idealmente con volumen creciente. Las rupturas falsas que se revierten rápido son frecuentes, por eso se suele esperar un cierre más allá del nivel."),
                 ["support_resistance", "bollinger"]),
    "slippage": ("Slippage|Проскальзывание|Deslizamiento (slippage)",
                 E(en="slippage", ru="проскальзывание;проскальзывания", es="deslizamiento;slippage"),
                 ("The difference between the expected price of an order and the price actually filled, caused by fast markets or thin liquidity. It mostly affects market and stop orders.",
                  "Разница между ожидаемой ценой заявки и фактической ценой исполнения из-за быстрого рынка или низкой ликвидности. Сильнее всего касается рыночных и стоп-заявок.",
                  "La diferencia entre el precio esperado de una orden y el realmente ejecutado, por mercados rápidos o poca liquidez. Afecta sobre todo a órdenes a mercado y stops."),
                 ["liquidity", "spread", "stop_loss"]),
    "limit_order": ("Limit and market orders|Лимитные и рыночные заявки|Órdenes limitadas y a mercado",
                    E(en="limit order;market order;limit orders;market orders", ru="лимитная заявка;рыночная заявка;лимитка;лимитный ордер;рыночный ордер",
                      es="orden limitada;orden a mercado;orden de mercado"),
                    ("A market order executes immediately at the best available price; a limit order executes only at the given price or better and may not fill. Limit orders add liquidity and avoid slippage; market orders take liquidity and guarantee the fill, not the price.",
                     "Рыночная заявка исполняется сразу по лучшей доступной цене; лимитная — только по заданной цене или лучше и может не исполниться. Лимитные заявки дают ликвидность и избегают проскальзывания; рыночные забирают ликвидность и гарантируют исполнение, но не цену.",
                     "Una orden a mercado se ejecuta al instante al mejor precio disponible; una limitada solo al precio dado o mejor y puede no ejecutarse. Las limitadas aportan liquidez y evitan deslizamiento; las de mercado la consumen y garantizan la ejecución, no el precio."),
                    ["slippage", "spread", "stop_loss"]),
    "tick": ("Tick size and tick value|Шаг цены (тик)|Tick (variación mínima)",
             E(en="tick;tick size;tick value", ru="тик;шаг цены;стоимость тика;тика", es="tick;variacion minima;valor del tick"),
             ("The smallest price increment of a contract and what it is worth. NQ moves in 0.25-point ticks worth 5 dollars (20 dollars per point); ES in 0.25-point ticks worth 12.50 dollars.",
              "Минимальный шаг изменения цены контракта и его стоимость. NQ движется тиками по 0.25 пункта стоимостью 5 долларов (20 долларов за пункт); ES — по 0.25 пункта стоимостью 12.50 долларов.",
              "El incremento mínimo de precio de un contrato y su valor. NQ se mueve en ticks de 0.25 puntos que valen 5 dólares (20 dólares por punto); ES en ticks de 0.25 que valen 12.50 dólares."),
             ["spread", "leverage"]),
    "pct_change": ("Percent change (return)|Процентное изменение (доходность)|Variación porcentual (rendimiento)",
                   E(en="percent change;percentage change;return;returns;daily return", ru="процентное изменение;доходность;изменение в процентах",
                     es="variacion porcentual;rendimiento;rentabilidad;cambio porcentual"),
                   ("How much price moved relative to where it started: (end / start - 1) x 100. For a period it is measured from the first bar's open to the last bar's close; a daily change is close-to-close against the previous trading day.",
                    "Насколько цена изменилась относительно начальной: (конец / начало - 1) x 100. За период считается от открытия первого бара до закрытия последнего; дневное изменение — закрытие к закрытию предыдущего торгового дня.",
                    "Cuánto se movió el precio respecto al inicio: (final / inicio - 1) x 100. En un periodo se mide de la apertura de la primera barra al cierre de la última; la variación diaria es de cierre a cierre frente al día anterior."),
                   ["volatility", "drawdown"]),
    "overbought_oversold": ("Overbought and oversold|Перекупленность и перепроданность|Sobrecompra y sobreventa",
                            E(en="overbought;oversold", ru="перекупленность;перепроданность;перекуплен;перепродан", es="sobrecompra;sobreventa;sobrecomprado;sobrevendido"),
                            ("States where an oscillator such as RSI or stochastic is at an extreme (RSI above 70 or below 30), meaning the recent move has been unusually one-sided. In strong trends markets can stay overbought or oversold for a long time, so it is a warning, not a signal by itself.",
                             "Состояния, когда осциллятор вроде RSI или стохастика на экстремуме (RSI выше 70 или ниже 30), то есть недавнее движение было необычно односторонним. В сильном тренде рынок может долго оставаться перекупленным или перепроданным, так что это предупреждение, а не сигнал сам по себе.",
                             "Situaciones en que un oscilador como el RSI o el estocástico está en un extremo (RSI por encima de 70 o por debajo de 30): el movimiento reciente ha sido inusualmente unilateral. En tendencias fuertes puede durar mucho, así que es una advertencia, no una señal por sí sola."),
                            ["rsi", "stochastic"]),
    "divergence": ("Divergence|Дивергенция|Divergencia",
                   E(en="divergence;bearish divergence;bullish divergence", ru="дивергенция;дивергенции;расхождение", es="divergencia;divergencias"),
                   ("When price and an indicator (RSI, MACD, OBV) disagree: for example price makes a higher high while RSI makes a lower high. It suggests weakening momentum and a possible reversal.",
                    "Когда цена и индикатор (RSI, MACD, OBV) расходятся: например, цена обновляет максимум, а RSI — нет. Говорит об ослаблении импульса и возможном развороте.",
                    "Cuando el precio y un indicador (RSI, MACD, OBV) no coinciden: por ejemplo, el precio marca un máximo más alto y el RSI uno más bajo. Sugiere pérdida de impulso y un posible giro."),
                   ["rsi", "macd", "obv"]),
    "stochastic": ("Stochastic oscillator|Стохастический осциллятор|Oscilador estocástico",
                   E(en="stochastic;stochastic oscillator;stoch", ru="стохастик;стохастический осциллятор;стохастика", es="estocastico;oscilador estocastico"),
                   ("Shows where the close sits within the high-low range of the last N bars (usually 14), from 0 to 100, with a smoothed signal line. Like RSI it is used for overbought and oversold readings and crossovers.",
                    "Показывает, где находится закрытие внутри диапазона максимум-минимум последних N баров (обычно 14), от 0 до 100, со сглаженной сигнальной линией. Как и RSI, используется для перекупленности, перепроданности и пересечений.",
                    "Muestra dónde está el cierre dentro del rango máximo-mínimo de las últimas N barras (normalmente 14), de 0 a 100, con una línea de señal suavizada. Como el RSI, se usa para sobrecompra, sobreventa y cruces."),
                   ["rsi", "overbought_oversold"]),
    "fibonacci": ("Fibonacci retracements|Уровни Фибоначчи|Retrocesos de Fibonacci",
                  E(en="fibonacci;fibonacci retracement;fib levels;fibs", ru="фибоначчи;уровни фибоначчи;фибо", es="fibonacci;retrocesos de fibonacci;niveles de fibonacci"),
                  ("Horizontal levels at 23.6%, 38.2%, 50%, 61.8% and 78.6% of a prior swing, where traders look for a pullback to stall. They are a convention rather than a law; their value comes from many traders watching them.",
                   "Горизонтальные уровни 23.6%, 38.2%, 50%, 61.8% и 78.6% от предыдущего движения, где трейдеры ждут остановки отката. Это соглашение, а не закон; ценность уровней в том, что за ними следят многие.",
                   "Niveles horizontales al 23.6%, 38.2%, 50%, 61.8% y 78.6% de un movimiento previo, donde se espera que un retroceso se detenga. Son una convención, no una ley; valen porque muchos operadores los miran."),
                  ["support_resistance", "trend"]),
}

LANGS = ("en", "ru", "es")


def _norm(text: str) -> str:
    from agent.llm.offline.lang import normalize
    return normalize(text)


@lru_cache(maxsize=1)
def _alias_index() -> list[tuple[str, str, re.Pattern[str]]]:
    """(alias, key, pattern) for every alias in every language, longest alias first."""
    out = []
    for key, (_names, aliases, _texts, _rel) in ENTRIES.items():
        terms = {key.replace("_", " ")}
        for lang in LANGS:
            terms.update(a.strip() for a in aliases.get(lang, "").split(";") if a.strip())
        for t in terms:
            nt = _norm(t)
            body = re.escape(nt).replace(r"\ ", r"[\s-]+")
            out.append((nt, key, re.compile(rf"(?<![\w]){body}(?![\w])")))
    out.sort(key=lambda x: -len(x[0]))
    return out


def concept_keys() -> list[str]:
    return list(ENTRIES)


def name(key: str, lang: str) -> str:
    names = ENTRIES[key][0].split("|")
    return names[LANGS.index(lang) if lang in LANGS else 0]


def find_concepts(text: str) -> list[str]:
    """Glossary keys mentioned in a question, in order of appearance (longest alias wins)."""
    norm = _norm(text)
    hits: list[tuple[int, int, str]] = []
    for _alias, key, pat in _alias_index():
        for m in pat.finditer(norm):
            if all(m.end() <= a or m.start() >= b for a, b, _ in hits):
                hits.append((m.start(), m.end(), key))
    seen: list[str] = []
    for _a, _b, key in sorted(hits):
        if key not in seen:
            seen.append(key)
    return seen


def lookup(term: str) -> str | None:
    """The glossary key for a key, an alias or a text naming a concept."""
    t = _norm(term).strip(" ?¿!¡.")
    if t.replace(" ", "_") in ENTRIES:
        return t.replace(" ", "_")
    for alias, key, _pat in _alias_index():
        if t == alias:
            return key
    found = find_concepts(term)
    return found[0] if found else None


def closest(term: str, n: int = 3) -> list[str]:
    """Keys whose aliases look most like `term` (for honest 'I don't know X' answers)."""
    t = _norm(term).strip(" ?¿!¡.")
    aliases = {alias: key for alias, key, _ in _alias_index()}
    keys: list[str] = []
    for alias in difflib.get_close_matches(t, list(aliases), n=10, cutoff=0.4):
        if aliases[alias] not in keys:
            keys.append(aliases[alias])
    return keys[:n] or ["rsi", "volatility", "trend"][:n]


_UNKNOWN = {
    "en": "I don't have \"{term}\" in my glossary. Closest concepts I can explain: {near}.",
    "ru": "Понятия «{term}» нет в моём глоссарии. Ближайшие, которые я могу объяснить: {near}.",
    "es": "No tengo \"{term}\" en mi glosario. Los conceptos más cercanos que puedo explicar: {near}.",
}
_SEE_ALSO = {"en": "Related: {rel}.", "ru": "См. также: {rel}.", "es": "Relacionado: {rel}."}


def explain(term: str, lang: str = "en") -> str:
    """The explanation in `lang`; an honest answer naming the closest concepts when unknown."""
    lang = lang if lang in LANGS else "en"
    key = lookup(term)
    if key is None:
        near = ", ".join(name(k, lang) for k in closest(term))
        return _UNKNOWN[lang].format(term=term.strip(), near=near)
    _names, _aliases, texts, related = ENTRIES[key]
    text = f"{name(key, lang)}: {texts[LANGS.index(lang)]}"
    if related:
        text += " " + _SEE_ALSO[lang].format(rel=", ".join(name(k, lang) for k in related))
    return text
